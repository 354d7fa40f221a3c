package dev.infermark.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

import dev.infermark.api.LoadGenerator;
import dev.infermark.api.RunResult;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.Protocols;
import dev.infermark.protocol.ServerClient;
import dev.infermark.hub.HfHub;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.record.RecordSink;
import dev.infermark.run.Cancellation;
import dev.infermark.run.Harness;
import dev.infermark.run.HarnessContext;
import dev.infermark.slo.SloSpec;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.run.Progress;
import dev.infermark.run.RecordingClient;
import dev.infermark.result.Recorded;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.result.RunResults;
import dev.infermark.run.RunRecording;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;

/**
 * Runs one load generator the way the harness runs a scenario's run, without discovery, locks or
 * the engine: its client records every request, its phases are driven (closed loop) or announced
 * (self-phased), what it leaves in flight is aborted and recorded, and, when asked, the run's
 * artifacts are written ({@link #artifacts}). For tests of load generators, in place of building a
 * run context by hand (as JUnit's {@code EngineTestKit} is for engines).
 *
 * <pre>{@code
 * ScenarioTestKit.Run run = ScenarioTestKit.settings(Map.of("concurrency", "2", "request-count", "4"))
 *     .server(fakeClient).run(Conversations.repeat(Turn.user("hi")));
 * assertThat(run.records()).hasSize(4);
 * }</pre>
 */
public final class ScenarioTestKit {
  private final Map<String, String> settings = new HashMap<>();
  private String scenario = "test-scenario";
  private Map<String, String> params = Map.of();
  private ServerClient server;
  private URI target;
  private Path artifactDir;
  private boolean writeArtifacts;
  private Cancellation cancellation = new Cancellation();
  private Optional<SubmissionVerdict> verdict = Optional.empty();
  private HfHub hub;
  private Tokenizer tokenizer;
  private long seed = 42;
  private Consumer<String> log = line -> { };
  private List<SloSpec> slos = List.of();

  private ScenarioTestKit() {}

  /** A kit for a run with these settings (names without {@code infermark.}). */
  public static ScenarioTestKit settings(Map<String, String> values) {
    ScenarioTestKit k = new ScenarioTestKit();
    k.settings.putAll(values);
    return k;
  }

  /** One more setting. */
  public ScenarioTestKit set(String name, String value) {
    settings.put(name, value);
    return this;
  }

  public ScenarioTestKit scenario(String name) {
    this.scenario = name;
    return this;
  }

  public ScenarioTestKit params(Map<String, String> values) {
    this.params = values;
    return this;
  }

  /** Sends through this client (a fake); the kit does not close it. */
  public ScenarioTestKit server(ServerClient client) {
    this.server = client;
    return this;
  }

  /** Sends to this server with the standard client, built from the settings (closed after the run). */
  public ScenarioTestKit target(URI baseUri) {
    this.target = baseUri;
    return this;
  }

  /** Writes the run's artifacts ({@code profile_export.jsonl}, {@code profile_export_aiperf.json}, ...) into {@code dir}. */
  public ScenarioTestKit artifacts(Path dir) {
    this.artifactDir = dir;
    this.writeArtifacts = true;
    return this;
  }

  /** The run's artifact folder, without writing the run's own artifacts there (a methodology's files still go there). */
  public ScenarioTestKit artifactDir(Path dir) {
    this.artifactDir = dir;
    return this;
  }

  /** The run's cancel signal, to cancel it from the test. */
  public ScenarioTestKit cancellation(Cancellation c) {
    this.cancellation = c;
    return this;
  }

  public ScenarioTestKit verdict(SubmissionVerdict v) {
    this.verdict = Optional.of(v);
    return this;
  }

  public ScenarioTestKit hub(HfHub h) {
    this.hub = h;
    return this;
  }

  public ScenarioTestKit tokenizer(Tokenizer t) {
    this.tokenizer = t;
    return this;
  }

  public ScenarioTestKit seed(long s) {
    this.seed = s;
    return this;
  }

  public ScenarioTestKit log(Consumer<String> out) {
    this.log = out;
    return this;
  }

  public ScenarioTestKit slos(List<SloSpec> declared) {
    this.slos = declared;
    return this;
  }

  /**
   * What a run left: the records in the order the harness recorded them, the generator's result,
   * its context (export extras, abort), and the failure that ended it, if one did.
   */
  public record Run(List<RequestRecord> records, RunResult result, MethodologyContext context, Throwable failure,
      Path artifactDir) {
    /** The generator's result, or the failure that ended the run, thrown. */
    public RunResult resultOrThrow() throws Exception {
      if (failure instanceof Exception e) {
        throw e;
      }
      if (failure instanceof Error e) {
        throw e;
      }
      return result;
    }
  }

  /**
   * The harness's recording client over {@code server}, alone: every request sent through it is
   * handed to {@code records}, exactly once (for tests of a methodology's parts, e.g. one phase).
   */
  public static InferenceClient recording(ServerClient server, Consumer<RequestRecord> records) {
    return new RecordingClient(server, records::accept, new Cancellation(), line -> { });
  }

  /**
   * Writes the result formats that apply to what {@code ctx} holds (the methodology sections, the
   * workload's result) into its artifact folder, as the runner does at the end of a run: for tests
   * that run a generator on a context of their own. Returns the formats' console lines.
   */
  public static List<String> writeResults(MethodologyContext ctx, RunResult result) {
    Instant now = Instant.now();
    RunInfo info = new RunInfo(ctx.scenario(), "testkit", ctx.seed(), Map.of(), Optional.empty(), ctx.cancelled(), now, now,
        ctx.exportExtras(), 0);
    ResultFormats.Written w = ResultFormats.of(ctx.settings()).write(new RunResults(ctx.artifactDir(), info, null, result,
        List.of(), ctx.sections()));
    List<String> lines = new ArrayList<>(w.lines());
    lines.addAll(w.derivedLines());
    return lines;
  }

  /** Runs {@code generator}; a failure of the generator is returned in {@link Run#failure()}, not thrown. */
  public Run run(LoadGenerator generator) {
    Objects.requireNonNull(generator, "generator");
    return run(ctx -> generator);
  }

  /**
   * Runs the generator {@code workload} makes from the run's context, as the runner calls a {@code @Workload} method
   * that takes a {@code RunContext}; a failure of either is returned in {@link Run#failure()}, not thrown.
   */
  public Run run(java.util.function.Function<dev.infermark.api.RunContext, LoadGenerator> workload) {
    if ((server == null) == (target == null)) {
      throw new IllegalStateException("give the kit a server client (server(...)) or a target URL (target(...)), one of them");
    }
    Settings s = Settings.of(settings);
    Path dir;
    try {
      dir = artifactDir != null ? Files.createDirectories(artifactDir) : Files.createTempDirectory("infermark-testkit");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Progress progress = new Progress();
    ServerClient client = server != null ? server : Protocols.open(s, List.of(target), progress);
    List<RequestRecord> records = Collections.synchronizedList(new ArrayList<>());
    Instant start = Instant.now();
    Throwable failure = null;
    RunResult result = null;
    HarnessContext ctx;
    try (RunRecording recording = writeArtifacts ? Standard.recordings().open(dir, s, client) : null) {
      RecordSink sink = recording == null ? records::add : r -> {
        records.add(r);
        recording.accept(r);
      };
      Runnable unregister = cancellation.onCancel(client::cancelInFlight);
      RecordingClient recordingClient = new RecordingClient(client, sink, cancellation, log);
      ctx = HarnessContext.builder().scenario(scenario).params(params).settings(s).target(target, false)
          .client(recordingClient).progress(progress).cancellation(cancellation).artifactDir(dir).verdict(verdict)
          .hub(hub).seed(seed).log(log).slos(slos).tokenizer(tokenizer).build();
      try {
        result = Harness.run(workload.apply(ctx), ctx, recordingClient);
      } catch (Exception | Error e) {
        failure = e;
      } finally {
        unregister.run();
        if (server == null) {
          client.close();
        }
      }
      if (recording != null && result != null) {
        result = recording.measure(result);
      }
      // As the runner does: the result formats write what applies (a methodology's own file even
      // without a recording); their console lines go to the log.
      RunInfo info = new RunInfo(scenario, "testkit", seed, Map.of(), verdict, cancellation.cancelled(), start,
          Instant.now(), ctx.exportExtras(), 0);
      Recorded recorded = recording == null ? null : recording.finish(info);
      ResultFormats.Written written = ResultFormats.of(s).write(new RunResults(dir, info, recorded, result, List.of(),
          ctx.sections()));
      written.lines().forEach(log);
      written.derivedLines().forEach(log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Run(List.copyOf(records), result, ctx, failure, dir);
  }
}
