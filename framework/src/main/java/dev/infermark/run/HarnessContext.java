package dev.infermark.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

import dev.infermark.api.RunContext;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.JsonValues;
import dev.infermark.api.request.Phase;
import dev.infermark.protocol.ServedContext;
import dev.infermark.hub.HfHub;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.MetricDefs;
import dev.infermark.result.AiperfJson;
import dev.infermark.observer.Mark;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.TypedSettings;
import dev.infermark.slo.SloSpec;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.Tokenizers;
import tools.jackson.databind.node.ObjectNode;

/**
 * The harness's {@link RunContext}: besides what every workload sees, what the built-in
 * methodologies use from the framework (typed settings, tokenizer, hub, the submission verdict,
 * the extra fields of {@code profile_export_aiperf.json}). A methodology reaches it with
 * {@link #of(RunContext)}. Built with {@link #builder()} (the runner, and {@code ScenarioTestKit} in tests).
 */
public final class HarnessContext implements MethodologyContext {
  private final String scenario;
  private final Map<String, String> params;
  private final Settings settings;
  private final URI target;
  private final boolean embeddedTarget;
  private final InferenceClient client;
  private final Progress progress;
  private final Cancellation cancellation;
  private final Path artifactDir;
  private final Optional<SubmissionVerdict> verdict;
  private final HfHub hub;
  private final long seed;
  private final Consumer<String> log;
  private final List<SloSpec> slos;
  private final Consumer<Mark> marks;
  private final ObjectNode exportExtras = Json.object();
  private final List<Object> sections = new java.util.concurrent.CopyOnWriteArrayList<>();
  private volatile Tokenizer tokenizer;
  private final java.util.function.Supplier<Optional<ServedContext>> served;
  private boolean profilingStarted;
  private String abortMessage;

  private HarnessContext(Builder b) {
    this.scenario = Objects.requireNonNull(b.scenario, "scenario");
    this.params = Map.copyOf(b.params);
    this.settings = Objects.requireNonNull(b.settings, "settings");
    this.target = b.target;
    this.embeddedTarget = b.embeddedTarget;
    this.client = Objects.requireNonNull(b.client, "client");
    this.progress = b.progress;
    this.cancellation = b.cancellation;
    this.artifactDir = Objects.requireNonNull(b.artifactDir, "artifactDir");
    this.verdict = b.verdict;
    this.hub = b.hub;
    this.seed = b.seed;
    this.log = b.log;
    this.slos = List.copyOf(b.slos);
    this.marks = b.marks;
    this.tokenizer = b.tokenizer;
    this.served = b.served;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * The harness's context behind {@code ctx}: how a built-in methodology reaches the framework.
   *
   * @throws IllegalArgumentException when {@code ctx} is not the harness's
   */
  public static HarnessContext of(RunContext ctx) {
    if (ctx instanceof HarnessContext h) {
      return h;
    }
    throw new IllegalArgumentException("this workload runs only under infermark's harness (got a "
        + ctx.getClass().getName() + ")");
  }

  @Override
  public String scenario() {
    return scenario;
  }

  @Override
  public List<SloSpec> slos() {
    return slos;
  }

  @Override
  public Map<String, String> params() {
    return params;
  }

  public Settings settings() {
    return settings;
  }

  /**
   * The settings as a typed settings interface of the caller's
   * ({@code ctx.settings(ReplaySettings.class).benchmarkDuration()}); see {@link TypedSettings}.
   *
   * @throws IllegalArgumentException when a method of {@code type} names no setting or does not fit its type
   */
  @Override
  public <T> T settings(Class<T> type) {
    return TypedSettings.of(type, settings, SettingsRegistry.load());
  }

  /** The server's base URL. */
  public URI target() {
    return target;
  }

  /** Whether the target is the embedded simulator started for this run. */
  public boolean embeddedTarget() {
    return embeddedTarget;
  }

  @Override
  public Optional<ServedContext> servedContext() {
    return served.get();
  }

  @Override
  public InferenceClient client() {
    return client;
  }

  public Progress progress() {
    return progress;
  }

  public Cancellation cancellation() {
    return cancellation;
  }

  @Override
  public boolean cancelled() {
    return cancellation.cancelled();
  }

  @Override
  public Runnable onCancel(Runnable action) {
    return cancellation.onCancel(action);
  }

  @Override
  public Path artifactDir() {
    return artifactDir;
  }

  /** The submission verdict, for scenarios with locks; runtime reasons are added here. */
  public Optional<SubmissionVerdict> verdict() {
    return verdict;
  }

  public HfHub hub() {
    return hub;
  }

  @Override
  public long seed() {
    return seed;
  }

  @Override
  public Optional<String> model() {
    List<String> m = settings.get(Keys.MODEL);
    return m == null || m.isEmpty() ? Optional.empty() : Optional.ofNullable(m.get(0));
  }

  /** The run's tokenizer: {@code infermark.tokenizer}, else the model id, else the built-in stand-in. */
  public Tokenizer tokenizer() {
    Tokenizer t = tokenizer;
    if (t == null) {
      synchronized (this) {
        if (tokenizer == null) {
          String spec = settings.get(Keys.TOKENIZER);
          try {
            tokenizer = Tokenizers.resolve(spec, hub);
          } catch (IOException e) {
            throw new UncheckedIOException("cannot load tokenizer " + spec + " (infermark.tokenizer): " + e.getMessage(), e);
          }
        }
        t = tokenizer;
      }
    }
    return t;
  }

  /**
   * Keeps records matching {@code path} out of the run's records ({@link RecordingClient#skipPath}):
   * AIPerf's skip path for the agentic replay's profiling context overflows, nothing else.
   */
  public void skipPath(java.util.function.Predicate<dev.infermark.api.request.RequestRecord> path) {
    if (client instanceof RecordingClient r) {
      r.skipPath(path);
    }
  }

  @Override
  public void export(String name, Map<String, ?> section) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("RunContext.export: a section needs a name");
    }
    if (AiperfJson.FIXED_FIELDS.contains(name) || MetricDefs.get(name) != null) {
      throw new IllegalArgumentException("RunContext.export: '" + name + "' is a field profile_export_aiperf.json "
          + "writes itself; give the section a name of its own");
    }
    ObjectNode value = Json.MAPPER.valueToTree(JsonValues.object(section));
    synchronized (exportExtras) {
      exportExtras.set(name, value);
    }
  }

  @Override
  public void phase(Phase phase, Duration expected) {
    progress.phase(phase.label(), expected);
    synchronized (this) {
      if (phase == Phase.PROFILING) {
        profilingStarted = true;
      }
    }
    marks.accept(phase == Phase.WARMUP ? Mark.WARMUP : Mark.PROFILING_START);
  }

  @Override
  public void grace(Duration expected) {
    progress.phase("grace", expected); // the server-metrics window stays open: profiling requests are finishing
  }

  @Override
  public void step(String label, Duration expected) {
    progress.phase(label, expected);
    boolean end;
    synchronized (this) {
      end = profilingStarted;
    }
    if (end) {
      marks.accept(Mark.PROFILING_END);
    }
  }

  /** Whether profiling was announced (the server-metrics window opened). */
  public synchronized boolean profilingStarted() {
    return profilingStarted;
  }

  @Override
  public void abort(String reason, String message) {
    synchronized (this) {
      if (abortMessage != null) {
        return;
      }
      abortMessage = message;
      exportExtras.put("incomplete_reason", reason);
      exportExtras.withObjectProperty("metadata").put("abort_reason", message);
    }
    log.accept("infermark: " + scenario + ": aborting the run: " + message);
    cancellation.cancel();
  }

  /** Why the run was aborted, if it was. */
  public synchronized Optional<String> abortMessage() {
    return Optional.ofNullable(abortMessage);
  }

  @Override
  public void log(String line) {
    log.accept(line);
  }

  /**
   * Fields a methodology adds to {@code profile_export_aiperf.json} ({@code branch_stats},
   * {@code metadata.dataset}, ...). Merged at the end of the run; {@code metadata} merges key by key.
   */
  public ObjectNode exportExtras() {
    return exportExtras;
  }

  /**
   * Adds a methodology's section to the run's results ({@code RunResults.sections()}: AgentPerf's
   * capacity per tier, accuracy scores, ...), which its own result format writes at the end of the
   * run. Added while the run goes, so a run that fails afterwards still writes it (partial).
   */
  public void section(Object section) {
    sections.add(Objects.requireNonNull(section, "section"));
  }

  /** The sections added, in order. */
  public List<Object> sections() {
    return List.copyOf(sections);
  }

  @Override
  public String toString() {
    return "run of " + scenario + (params.isEmpty() ? "" : " " + params);
  }

  /** Builds a {@link HarnessContext}; {@code scenario}, {@code settings}, {@code client} and {@code artifactDir} are required. */
  public static final class Builder {
    private String scenario;
    private Map<String, String> params = Map.of();
    private Settings settings;
    private URI target;
    private boolean embeddedTarget;
    private InferenceClient client;
    private Progress progress = new Progress();
    private Cancellation cancellation = new Cancellation();
    private Path artifactDir;
    private Optional<SubmissionVerdict> verdict = Optional.empty();
    private HfHub hub;
    private long seed;
    private Consumer<String> log = line -> { };
    private List<SloSpec> slos = List.of();
    private Consumer<Mark> marks = m -> { };
    private Tokenizer tokenizer;
    private java.util.function.Supplier<Optional<ServedContext>> served = Optional::empty;

    private Builder() {}

    public Builder scenario(String name) {
      this.scenario = name;
      return this;
    }

    public Builder params(Map<String, String> values) {
      this.params = values;
      return this;
    }

    public Builder settings(Settings s) {
      this.settings = s;
      return this;
    }

    /** The server's base URL; {@code embedded}: the simulator started for this run. */
    public Builder target(URI baseUri, boolean embedded) {
      this.target = baseUri;
      this.embeddedTarget = embedded;
      return this;
    }

    /** The client workloads send through (the runner's {@link RecordingClient}). */
    public Builder client(InferenceClient c) {
      this.client = c;
      return this;
    }

    public Builder progress(Progress p) {
      this.progress = p;
      return this;
    }

    public Builder cancellation(Cancellation c) {
      this.cancellation = c;
      return this;
    }

    public Builder artifactDir(Path dir) {
      this.artifactDir = dir;
      return this;
    }

    public Builder verdict(Optional<SubmissionVerdict> v) {
      this.verdict = v == null ? Optional.empty() : v;
      return this;
    }

    public Builder hub(HfHub h) {
      this.hub = h;
      return this;
    }

    public Builder seed(long s) {
      this.seed = s;
      return this;
    }

    public Builder log(Consumer<String> out) {
      this.log = out;
      return this;
    }

    public Builder slos(List<SloSpec> declared) {
      this.slos = declared;
      return this;
    }

    /** Receives the server-metrics window marks of the phases announced. */
    public Builder marks(Consumer<Mark> m) {
      this.marks = m;
      return this;
    }

    /** Where the context the target serves is read from (the run's client, after its preflight). */
    public Builder served(java.util.function.Supplier<Optional<ServedContext>> s) {
      this.served = s;
      return this;
    }

    /** A tokenizer to use instead of resolving {@code infermark.tokenizer} (tests). */
    public Builder tokenizer(Tokenizer t) {
      this.tokenizer = t;
      return this;
    }

    public HarnessContext build() {
      return new HarnessContext(this);
    }
  }
}
