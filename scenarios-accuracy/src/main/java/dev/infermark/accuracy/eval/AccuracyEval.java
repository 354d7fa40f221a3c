package dev.infermark.accuracy.eval;

import static dev.infermark.accuracy.eval.AccuracyMetrics.ACCURACY;
import static dev.infermark.accuracy.eval.AccuracyMetrics.ACCURACY_ERRORS;
import static dev.infermark.accuracy.eval.AccuracyMetrics.ACCURACY_TOTAL;
import static dev.infermark.accuracy.eval.AccuracyMetrics.ACCURACY_UNPARSED;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.infermark.accuracy.benchmark.Benchmark;
import dev.infermark.accuracy.benchmark.BenchmarkOptions;
import dev.infermark.accuracy.benchmark.LcbCodegen;
import dev.infermark.accuracy.benchmark.Problem;
import dev.infermark.accuracy.data.BuiltinData;
import dev.infermark.accuracy.data.DataSource;
import dev.infermark.accuracy.data.HubDataSource;
import dev.infermark.accuracy.grader.CodeExecutionGrader;
import dev.infermark.accuracy.grader.Grade;
import dev.infermark.accuracy.grader.Grader;
import dev.infermark.accuracy.grader.MathGrader;
import dev.infermark.accuracy.py.Py;
import dev.infermark.api.RunContext;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.hub.HfHub;
import dev.infermark.json.Json;
import dev.infermark.metrics.catalog.MetricDef;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.spi.Methodology;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one accuracy benchmark as a load generator: one request per problem through the run's
 * client (at {@code infermark.concurrency}, text kept), grades every response, and writes
 * {@code accuracy_results.csv} and {@code accuracy_export.jsonl} into the artifact folder. The
 * result carries {@code accuracy} (overall, and per task under tier = task name),
 * {@code accuracy_unparsed}, {@code accuracy_total} and {@code accuracy_errors} for {@code @Slo}s.
 */
public final class AccuracyEval implements Methodology {
  public static final String RESULTS_CSV = "accuracy_results.csv";
  public static final String EXPORT_JSONL = "accuracy_export.jsonl";

  private final Benchmark benchmark;

  public AccuracyEval(Benchmark benchmark) {
    this.benchmark = benchmark;
  }

  /** The evaluation of a benchmark by name or alias. */
  public static AccuracyEval of(String benchmark) {
    return new AccuracyEval(Benchmark.byName(benchmark));
  }

  public Benchmark benchmark() {
    return benchmark;
  }

  /** The benchmark options the settings resolve to (benchmark defaults where unset). */
  public BenchmarkOptions options(Settings s) {
    Integer n = s.get(AccuracyKeys.N_SHOTS);
    int shots = n == null ? benchmark.defaultNShots() : n;
    if (shots < 0 || shots > 32) {
      throw new IllegalArgumentException(AccuracyKeys.N_SHOTS + " must be 0..32, got " + shots);
    }
    Boolean cot = s.get(AccuracyKeys.ENABLE_COT);
    List<String> tasks = s.get(AccuracyKeys.TASKS);
    return new BenchmarkOptions(tasks == null ? List.of() : tasks, shots, cot == null ? benchmark.defaultCot() : cot);
  }

  /** The grader the settings select. */
  public Grader grader(Settings s) {
    String name = s.get(AccuracyKeys.GRADER);
    Grader g = Grader.byName(name == null || name.isBlank() ? benchmark.defaultGrader() : name);
    if (g instanceof CodeExecutionGrader) {
      g = new CodeExecutionGrader(s.get(AccuracyKeys.PYTHON), s.get(AccuracyKeys.CODE_MEMORY_MB));
    }
    if (g instanceof MathGrader) {
      String mode = s.get(AccuracyKeys.MATH_COMPARE).trim().toLowerCase(Locale.ROOT);
      if (!mode.equals("math_equal") && !mode.equals("stdlib-fallback")) {
        throw new IllegalArgumentException(AccuracyKeys.MATH_COMPARE + " must be math_equal or stdlib-fallback, got '"
            + mode + "'");
      }
      g = new MathGrader(mode.equals("stdlib-fallback"));
    }
    return g;
  }

  /** The system prompt: the setting when given (empty disables), else the benchmark's default; or {@code null}. */
  public String systemPrompt(Settings s) {
    String p = s.isSet(AccuracyKeys.SYSTEM_PROMPT) ? s.get(AccuracyKeys.SYSTEM_PROMPT) : benchmark.defaultSystemPrompt();
    return p == null || p.isEmpty() ? null : p;
  }

  /** Loads the problems (local folder or built-in data when {@code accuracy-data-dir} is set, else the hub). */
  public List<Problem> problems(Settings s, HfHub hub) throws IOException {
    String dir = s.get(AccuracyKeys.DATA_DIR);
    DataSource data = dir != null && !dir.isBlank() ? BuiltinData.source(dir)
        : new HubDataSource(hub == null ? HfHub.fromEnvironment() : hub, s.get(AccuracyKeys.DATASET_REVISION));
    Benchmark b = benchmark instanceof LcbCodegen ? new LcbCodegen(s.get(AccuracyKeys.LCB_RELEASE_TAG)) : benchmark;
    BenchmarkOptions o = options(s);
    List<Problem> problems = b.load(data, o);
    if (problems.isEmpty()) {
      throw new IllegalStateException("Benchmark '" + b.name() + "' returned 0 problems (tasks=" + o.tasks() + ", n_shots="
          + o.nShots() + "). Check infermark.accuracy-tasks and the data source.");
    }
    return problems;
  }

  /** The request for a problem in the given endpoint layout ({@code chat} or {@code completions}). */
  public static InferenceRequest request(Problem p, String system, boolean chat, RequestTags tags) {
    if (chat) {
      List<ChatMessage> msgs = new ArrayList<>();
      if (system != null) {
        msgs.add(ChatMessage.system(system));
      }
      msgs.addAll(p.chatMessages());
      return new InferenceRequest(Phase.PROFILING, tags, msgs, null, null, p.generationSize(), null, true, -1);
    }
    String prompt = system != null ? system + "\n\n" + p.prompt() : p.prompt();
    return new InferenceRequest(Phase.PROFILING, tags, List.of(), prompt, null, p.generationSize(), null, true, -1);
  }

  @Override
  public RunResult run(MethodologyContext ctx) throws Exception {
    Settings s = ctx.settings();
    List<Problem> problems = problems(s, ctx.hub());
    Grader grader = grader(s);
    String system = systemPrompt(s);
    String endpoint = s.get(Keys.ENDPOINT_TYPE);
    boolean chat = endpoint == null || !endpoint.trim().toLowerCase(Locale.ROOT).equals("completions");
    List<Integer> conc = s.get(Keys.CONCURRENCY);
    int concurrency = Math.max(1, conc == null || conc.isEmpty() ? 1 : conc.get(0));
    Integer count = s.get(Keys.REQUEST_COUNT);
    int n = count != null && count > 0 ? count : problems.size();
    boolean verbose = Boolean.TRUE.equals(s.get(AccuracyKeys.VERBOSE));
    ctx.log("[accuracy] " + benchmark.name() + ": " + problems.size() + " problems, " + n + " requests, grader "
        + grader.name() + ", endpoint " + (chat ? "chat" : "completions") + ", concurrency " + concurrency);

    AccuracySummary summary = new AccuracySummary();
    AtomicInteger errors = new AtomicInteger();
    Path jsonl = ctx.artifactDir().resolve(EXPORT_JSONL);
    Files.createDirectories(ctx.artifactDir());
    Integer warm = s.get(Keys.WARMUP_REQUEST_COUNT);
    try (BufferedWriter out = Files.newBufferedWriter(jsonl, StandardCharsets.UTF_8)) {
      Sender send = new Sender(ctx, problems, grader, system, chat, concurrency, verbose, out, jsonl);
      if (warm != null && warm > 0) {
        // Warmup responses are graded into the export (benchmark_phase "warmup") but not summarised.
        ctx.phase(Phase.WARMUP, null);
        send.phase(Phase.WARMUP, warm, null, new AtomicInteger());
      }
      ctx.phase(Phase.PROFILING, null);
      send.phase(Phase.PROFILING, n, summary, errors);
    }
    return finish(ctx, summary, errors.get(), ctx.cancelled());
  }

  /** Sends one phase's requests at the run's concurrency, grades and exports each response. */
  private record Sender(RunContext ctx, List<Problem> problems, Grader grader, String system, boolean chat,
      int concurrency, boolean verbose, BufferedWriter out, Path jsonl) {

    void phase(Phase phase, int count, AccuracySummary summary, AtomicInteger errors) throws InterruptedException {
      String prefix = phase == Phase.WARMUP ? "warmup_" : "session_";
      java.util.concurrent.atomic.AtomicReference<RuntimeException> failure = new java.util.concurrent.atomic.AtomicReference<>();
      try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
        // A cancel interrupts the requests in flight at once (each returns, and is recorded, as cancelled).
        Runnable unregister = ctx.onCancel(pool::shutdownNow);
        try {
          Semaphore slots = new Semaphore(concurrency);
          for (int i = 0; i < count && !ctx.cancelled(); i++) {
            slots.acquire();
            if (ctx.cancelled()) {
              slots.release();
              break;
            }
            int session = i;
            try {
              pool.submit(() -> {
                try {
                  one(phase, session, prefix, summary, errors);
                } catch (RuntimeException e) {
                  failure.compareAndSet(null, e); // an export write failed: surface it after the phase
                } finally {
                  slots.release();
                }
              });
            } catch (java.util.concurrent.RejectedExecutionException cancelled) {
              break; // cancelled between the check and the submit
            }
          }
        } finally {
          unregister.run();
        }
      }
      if (failure.get() != null) {
        throw failure.get();
      }
    }

    private void one(Phase phase, int session, String prefix, AccuracySummary summary, AtomicInteger errors) {
      Problem p = problems.get(session % problems.size());
      String conv = String.format(Locale.ROOT, "%s%06d", prefix, session);
      InferenceRequest req = request(p, system, chat, RequestTags.of(conv, UUID.randomUUID().toString(), 0)).withPhase(phase);
      RequestRecord rec = ctx.client().send(req);
      if (!rec.ok()) {
        errors.incrementAndGet();
        return;
      }
      GradedResponse g = grade(grader, p, session, conv, rec);
      if (summary != null) {
        summary.add(p.task(), g.grade().correct(), g.grade().unparsed());
      }
      String line = jsonLine(g);
      try {
        synchronized (out) {
          out.write(line);
          out.write('\n');
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + jsonl, e);
      }
      if (verbose) {
        ctx.log(verboseLine(g));
      }
    }
  }

  static GradedResponse grade(Grader grader, Problem p, int session, String conv, RequestRecord rec) {
    String output = rec.text() == null ? "" : rec.text();
    String thinking = rec.reasoningText();
    if (output.isEmpty() && thinking != null) {
      output = thinking; // the reference grades the reasoning text when the answer channel is empty
    }
    Grade grade = grader.grade(output, p.groundTruth());
    Instant now = Instant.now();
    return new GradedResponse(session, conv, rec.requestId(), rec.phase().label(),
        now.getEpochSecond() * 1_000_000_000L + now.getNano(), p.task(), grader.name(), grade, output, thinking);
  }

  /** One {@code accuracy_export.jsonl} line, fields in the reference's order, nulls kept. */
  static String jsonLine(GradedResponse g) {
    return Json.write(new ExportLine(g.sessionNum(), g.conversationId(), g.requestId(), "infermark", g.phase(), g.timestampNs(),
        g.task(), g.grader(), g.grade().correct(), g.grade().unparsed(), g.grade().confidence(), g.grade().groundTruth(),
        g.grade().extractedAnswer(), g.grade().reasoning(), g.modelOutput(), g.modelThinking()));
  }

  /** The {@code accuracy} object of {@code profile_export_aiperf.json}; {@code accuracy} absent when nothing was graded. */
  @JsonPropertyOrder({"benchmark", "graded", "errors", "partial", "accuracy"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record ExportSummary(String benchmark, int graded, int errors, boolean partial, Double accuracy) {}

  /** One {@code accuracy_export.jsonl} line, in the reference's field order; nulls are written. */
  @JsonPropertyOrder({"session_num", "conversation_id", "x_request_id", "worker_id", "benchmark_phase", "timestamp_ns", "task",
      "grader_name", "passed", "unparsed", "confidence", "expected", "actual", "explanation", "model_output", "model_thinking"})
  record ExportLine(@JsonProperty("session_num") int sessionNum, @JsonProperty("conversation_id") String conversationId,
      @JsonProperty("x_request_id") String requestId, @JsonProperty("worker_id") String workerId,
      @JsonProperty("benchmark_phase") String phase, @JsonProperty("timestamp_ns") long timestampNs, String task,
      @JsonProperty("grader_name") String grader, boolean passed, boolean unparsed, double confidence, String expected,
      String actual, String explanation, @JsonProperty("model_output") String modelOutput,
      @JsonProperty("model_thinking") String modelThinking) {}

  static String verboseLine(GradedResponse g) {
    String out = g.modelOutput();
    String preview = (out.length() > 200 ? out.substring(0, 200) : out).replace("\n", "\\n");
    return "[accuracy] session=" + g.conversationId() + " correct=" + Py.bool(g.grade().correct()) + " unparsed="
        + Py.bool(g.grade().unparsed()) + " reason=" + g.grade().reasoning() + " extracted=" + g.grade().extractedAnswer()
        + " response_len=" + out.length() + " response_preview=" + preview;
  }

  private static void value(RunResult.Builder r, MetricDef m, double v) {
    r.value(m.tag(), v, m.unit());
  }

  private static String score(AccuracySummary.TaskCounts c) {
    return String.format(java.util.Locale.ROOT, "%.2f %% of %d", 100 * c.accuracy(), c.total());
  }

  private RunResult finish(MethodologyContext ctx, AccuracySummary summary, int errors, boolean partial) throws IOException {
    RunResult.Builder r = RunResult.builder();
    AccuracySummary.TaskCounts o = summary.overall();
    if (errors > 0) {
      value(r, ACCURACY_ERRORS, errors);
      r.consoleLine(errors + " request(s) failed and were not graded (see the performance export)");
    }
    ctx.exportExtras().set("accuracy", Json.MAPPER.valueToTree(new ExportSummary(benchmark.name(), o.total(), errors, partial,
        o.total() > 0 ? o.accuracy() : null)));
    if (partial) {
      r.consoleLine("accuracy results are partial: the run was cancelled");
      r.reportEntry("accuracy.partial", "true");
    }
    if (o.total() == 0) {
      r.consoleLine("no accuracy results: no response was graded");
      return r.build(); // no summary, no CSV, like the reference; accuracy stays absent
    }
    ctx.section(summary.scores(benchmark.name())); // accuracy_results.csv (AccuracyCsvFormat)
    value(r, ACCURACY, o.accuracy());
    value(r, ACCURACY_UNPARSED, o.unparsedRate());
    value(r, ACCURACY_TOTAL, o.total());
    summary.tasks().forEach((task, c) -> {
      r.tierValue(task, ACCURACY.tag(), Stat.VALUE, c.accuracy(), ACCURACY.unit());
      r.tierValue(task, ACCURACY_UNPARSED.tag(), Stat.VALUE, c.unparsedRate(), ACCURACY_UNPARSED.unit());
    });
    summary.table().forEach(r::consoleLine);
    r.headline(benchmark.name(), ACCURACY.tag(), score(o));
    if (summary.tasks().size() > 1) {
      summary.tasks().forEach((task, c) -> r.headline(benchmark.name() + "/" + task, ACCURACY.tag(), score(c)));
    }
    r.reportEntry("accuracy", Py.repr(o.accuracy()));
    r.reportEntry("accuracy.benchmark", benchmark.name());
    return r.build();
  }
}
