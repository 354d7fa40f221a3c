package dev.infermark.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import dev.infermark.annotations.Slo;
import dev.infermark.client.InferenceClient;
import dev.infermark.hub.HfHub;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.record.RecordSink;
import dev.infermark.record.RequestRecord;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.TypedSettings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.Tokenizers;
import tools.jackson.databind.node.ObjectNode;

/**
 * Everything a {@link LoadGenerator} uses during one run: the resolved settings, the client, where
 * records go, progress, cancellation, the artifact folder and the submission verdict.
 */
public final class RunContext {
  private final String scenario;
  private final Map<String, String> params;
  private final Settings settings;
  private final URI target;
  private final boolean embeddedTarget;
  private final InferenceClient client;
  private final RecordSink sink;
  private final Progress progress;
  private final Cancellation cancellation;
  private final Path artifactDir;
  private final Optional<SubmissionVerdict> verdict;
  private final HfHub hub;
  private final long seed;
  private final Consumer<String> log;
  private final List<Slo> slos;
  private final ObjectNode exportExtras = Json.object();
  private volatile Tokenizer tokenizer;
  private String abortMessage;

  public RunContext(String scenario, Map<String, String> params, Settings settings, URI target, boolean embeddedTarget,
      InferenceClient client, RecordSink sink, Progress progress, Cancellation cancellation, Path artifactDir,
      Optional<SubmissionVerdict> verdict, HfHub hub, long seed, Consumer<String> log) {
    this(scenario, params, settings, target, embeddedTarget, client, sink, progress, cancellation, artifactDir, verdict,
        hub, seed, log, List.of());
  }

  /** As above, with the scenario's {@code @Slo} declarations (methodologies that search per SLO tier read them). */
  public RunContext(String scenario, Map<String, String> params, Settings settings, URI target, boolean embeddedTarget,
      InferenceClient client, RecordSink sink, Progress progress, Cancellation cancellation, Path artifactDir,
      Optional<SubmissionVerdict> verdict, HfHub hub, long seed, Consumer<String> log, List<Slo> slos) {
    this.slos = List.copyOf(slos);
    this.scenario = scenario;
    this.params = Map.copyOf(params);
    this.settings = settings;
    this.target = target;
    this.embeddedTarget = embeddedTarget;
    this.client = client;
    this.sink = sink;
    this.progress = progress;
    this.cancellation = cancellation;
    this.artifactDir = artifactDir;
    this.verdict = verdict;
    this.hub = hub;
    this.seed = seed;
    this.log = log;
  }

  /** The scenario's name. */
  public String scenario() {
    return scenario;
  }

  /** The scenario's {@code @Slo} declarations, in declaration order. */
  public List<Slo> slos() {
    return slos;
  }

  /** This run's {@code @Param} values by field name. */
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

  public InferenceClient client() {
    return client;
  }

  /** Hands a finished request's record to the run's sinks (export, metrics, progress). */
  public void record(RequestRecord record) {
    sink.accept(record);
  }

  public Progress progress() {
    return progress;
  }

  public Cancellation cancellation() {
    return cancellation;
  }

  public boolean cancelled() {
    return cancellation.cancelled();
  }

  /** This run's artifact folder (exists). */
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

  /** The run's random seed (given, or drawn and recorded). */
  public long seed() {
    return seed;
  }

  /** The first {@code infermark.model}, or {@code null}. */
  public String model() {
    List<String> m = settings.get(Keys.MODEL);
    return m == null || m.isEmpty() ? null : m.get(0);
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
   * Ends the run early for a cause (the first call wins): cancels it like Ctrl+C, so load generators
   * stop and requests in flight are recorded as cancelled; its artifacts are written and say
   * {@code incomplete_reason: reason} and {@code metadata.abort_reason: message}; the run fails with
   * the message.
   *
   * @param reason a short code ({@code connection_failures})
   * @param message what happened, for people
   */
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

  /** Prints a line to the run's output. */
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
}
