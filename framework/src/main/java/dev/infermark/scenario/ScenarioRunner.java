package dev.infermark.scenario;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.LoadModel;
import dev.infermark.api.RunContext;
import dev.infermark.api.RunResult;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.artifact.AggregateWriter;
import dev.infermark.artifact.RunFolders;
import dev.infermark.observer.Observation;
import dev.infermark.observer.ObservedRun;
import dev.infermark.observer.RunObservers;
import dev.infermark.protocol.PreflightException;
import dev.infermark.protocol.ServerClient;
import dev.infermark.hub.HfHub;
import dev.infermark.load.LoadModels;
import dev.infermark.json.Json;
import dev.infermark.lock.LockChecker;
import dev.infermark.lock.LockViolation;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.ErrorRate;
import dev.infermark.metrics.Summary;
import dev.infermark.run.Cancellation;
import dev.infermark.run.ClientFactory;
import dev.infermark.console.ControllingTerminal;
import dev.infermark.run.Harness;
import dev.infermark.run.HarnessContext;
import dev.infermark.load.OpenFiles;
import dev.infermark.run.Progress;
import dev.infermark.console.ProgressDisplay;
import dev.infermark.run.RecordingClient;
import dev.infermark.result.Recorded;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.result.RunResults;
import dev.infermark.run.RunOutcome;
import dev.infermark.run.RunRecording;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import dev.infermark.settings.TypedSettings;
import dev.infermark.settings.Source;
import dev.infermark.shard.Shard;
import dev.infermark.shard.ShardKeys;
import dev.infermark.shard.Shardable;
import dev.infermark.target.EmbeddedServer;
import dev.infermark.target.EmbeddedServerProvider;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.slo.SloResult;
import dev.infermark.verdict.VerdictTable;
import dev.infermark.workload.SeededText;
import dev.infermark.slo.SloSpec;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one run of a scenario: resolves settings (with the run's parameters), applies locks,
 * picks the target (a URL, or the embedded simulator), opens the recording, builds the load
 * generator from the {@code @Workload} method, runs it with progress and Ctrl+C handling, and
 * writes the artifacts. Before any load the target is checked ({@code infermark.preflight}); during
 * the run, {@code connection-failure-limit} failed connections in a row abort it. Artifacts are
 * written also when the run fails, is cancelled or aborted (then stamped {@code run_cancelled}).
 */
public final class ScenarioRunner {
  /** The {@code incomplete_reason} of a run aborted because its records could not be written (a full disk). */
  static final String WRITE_FAILED = "records_not_written";
  private final SettingsResolver resolver;
  private final ClientFactory clients;
  private final RunRecording.Factory recordings;
  private final Consumer<String> out;
  /** The target failures this runner printed: a second run that meets the same one says so in one short line. */
  private final java.util.Set<String> targetFailures = java.util.concurrent.ConcurrentHashMap.newKeySet();

  public ScenarioRunner(SettingsResolver resolver, ClientFactory clients, RunRecording.Factory recordings,
      Consumer<String> out) {
    this.resolver = resolver;
    this.clients = clients;
    this.recordings = recordings;
    this.out = out;
  }

  /**
   * The settings of one run, resolved once (the engine does it at discovery): the user's sources
   * over the scenario's defaults and presets (one precedence, {@link SettingsResolver}), the run's
   * parameters, then its locks ({@link LockChecker}: injections, tolerated violations, verdict seed).
   *
   * @throws IllegalArgumentException for unknown keys, values that do not parse (a parameter value
   *     that does not fit its field included)
   * @throws dev.infermark.lock.ScenarioLockException for lock violations that may not be bypassed
   */
  public static LockChecker.Outcome settingsFor(SettingsResolver resolver, ScenarioModel model, RunParams params) {
    Settings s = resolver.resolve(model.defaults(), model.presets());
    for (var field : model.params().keySet()) {
      String name = SettingsRegistry.PARAM_PREFIX + field.getName();
      String value = params.values().get(field.getName());
      if (value == null) {
        continue;
      }
      try {
        ParamConverter.convert(field.getType(), value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("infermark." + name + ": " + e.getMessage() + " (the @Param field "
            + field.getName() + " is " + field.getType().getSimpleName() + ")", e);
      }
      s = s.with(name, value, s.isExplicit(name) ? s.entries().get(name).source() : Source.SCENARIO);
      String setting = field.getAnnotation(dev.infermark.annotations.Param.class).setting();
      if (!setting.isBlank()) {
        if (s.isExplicit(setting)) {
          throw new IllegalArgumentException("infermark." + setting + " is swept by the @Param field " + field.getName()
              + ": give its values as infermark." + name + "=" + s.entries().get(setting).text() + " instead");
        }
        s = s.with(setting, value, Source.SCENARIO); // the run's value of the swept setting
      }
    }
    // A load setting given as a list (--concurrency 1,2,4,8) is swept: this run's value of it.
    for (var e : params.values().entrySet()) {
      if (model.params().keySet().stream().noneMatch(f -> f.getName().equals(e.getKey()))) {
        String name = e.getKey();
        s = s.with(name, e.getValue(), s.isExplicit(name) ? s.entries().get(name).source() : Source.SCENARIO);
      }
    }
    RunSettingsCheck.check(model, s, resolver.registry());
    return LockChecker.apply(model.name(), model.locks(), s);
  }

  /**
   * Resolves the run's settings with this runner's resolver, then runs it: for programmatic runs.
   * A scenario with a fatal {@link ScenarioCheck} problem is refused before anything else.
   */
  public RunOutcome run(ScenarioModel model, RunParams params, Cancellation cancellation) throws Exception {
    ScenarioCheck.fatal(model, resolver.registry()).ifPresent(e -> {
      throw e;
    });
    return run(model, params, settingsFor(resolver, model, params), cancellation);
  }

  /**
   * Runs it with settings resolved already ({@link #settingsFor}), {@code num-profile-runs} times
   * when asked, then writes the aggregate. A failure of the load generator is rethrown after the
   * artifacts are written.
   */
  public RunOutcome run(ScenarioModel model, RunParams params, LockChecker.Outcome locks, Cancellation cancellation)
      throws Exception {
    Settings settings = locks.settings();
    for (String a : locks.applied()) {
      out.accept("infermark: " + model.name() + ": " + a + " (locked by the scenario)");
    }
    for (LockViolation v : locks.violations()) {
      out.accept("infermark: WARNING " + v + " — allowed by infermark.unsafe-override; this run is stamped submission_valid=false");
    }
    long seed;
    if (settings.get(Keys.RANDOM_SEED) != null) {
      seed = settings.get(Keys.RANDOM_SEED);
    } else {
      seed = new SecureRandom().nextLong() & Long.MAX_VALUE;
      settings = settings.with(Keys.RANDOM_SEED, Long.toString(seed), Source.DEFAULT);
      out.accept("infermark: random seed " + seed + " (pass -Dinfermark.random-seed=" + seed + " to repeat this run)");
    }
    Optional<SubmissionVerdict> verdict = model.stampsVerdict() ? Optional.of(locks.verdict()) : Optional.empty();
    ResultFormats formats;
    RunObservers observers;
    try {
      formats = ResultFormats.of(settings); // a typo fails before any load
      observers = RunObservers.of(settings); // so does asking for server metrics without their module
    } catch (IllegalArgumentException e) {
      out.accept("infermark: " + model.name() + ": " + e.getMessage());
      throw e;
    }
    // A new folder per run (nothing overwrites an earlier run); <scenario>/latest points at it once it has artifacts.
    Path baseDir = RunFolders.next(Path.of(settings.get(Keys.ARTIFACT_DIR)), model.name(), params.folderSuffix(),
        Instant.now());
    int runs = Math.max(1, settings.get(Keys.NUM_PROFILE_RUNS));
    double threshold = ErrorRate.threshold(settings);
    double cutOffThreshold = ErrorRate.cutOffThreshold(settings);

    List<URI> urls = settings.get(Keys.URL);
    plannedConnections(settings).ifPresent(need -> checkOpenFiles(model, need));

    EmbeddedServer embedded = null;
    try {
      List<URI> targets;
      if (urls == null) {
        embedded = startEmbedded(settings);
        targets = List.of(embedded.baseUri());
        out.accept("infermark: infermark.url is not set: targeting the embedded simulator at " + targets.get(0) + " ("
            + embedded.description() + ")");
      } else {
        targets = urls;
        out.accept(urls.size() == 1 ? "infermark: target " + urls.get(0) : "infermark: " + urls.size() + " targets "
            + urls + ": requests round-robin (a session tree or an agent sticks to one)");
      }
      List<Summary> summaries = new ArrayList<>();
      List<String> labels = new ArrayList<>();
      List<String> failed = new ArrayList<>();
      RunOutcome last = null;
      Exception failure = null;
      for (int trial = 0; trial < runs && !cancellation.cancelled(); trial++) {
        Path runDir = runs == 1 ? baseDir : baseDir.resolve("run_" + (trial + 1));
        try {
          Trial t = runOnce(model, params, settings, seed, verdict, targets, embedded != null, runDir, baseDir, trial,
              cancellation, formats, observers);
          last = t.outcome();
          summaries.add(t.summary());
          labels.add(runDir.getFileName().toString());
        } catch (Exception e) {
          if (runs == 1) {
            throw e;
          }
          failure = e;
          failed.add(runDir.getFileName().toString());
          out.accept("infermark: run " + (trial + 1) + " of " + runs + " failed: " + e.getMessage());
        }
      }
      if (runs > 1 && summaries.size() >= 2) {
        Path agg = AggregateWriter.write(baseDir, summaries, labels, failed, runs, settings.get(Keys.CONFIDENCE_LEVEL), verdict);
        out.accept("infermark: aggregate of " + summaries.size() + " runs: " + agg);
      }
      if (last == null) {
        throw failure != null ? failure : new IllegalStateException("no run completed");
      }
      ErrorRate errorRate = runs == 1 ? last.errorRate() : ErrorRate.of(summaries, threshold, cutOffThreshold,
          last.cancelled());
      if (runs > 1) {
        errorRate.lines().forEach(l -> out.accept("infermark: " + model.name() + ": over " + summaries.size() + " runs: " + l));
      }
      RunResult result = failure == null && !last.cancelled() ? warnUnread(model, settings, last.result()) : last.result();
      return new RunOutcome(result, verdict, errorRate, baseDir, last.consoleLines(), last.cancelled(),
          last.aborted(), last.slos());
    } finally {
      if (embedded != null) {
        embedded.close();
      }
      try {
        if (Files.isDirectory(baseDir)) {
          RunFolders.markLatest(baseDir);
        } else {
          RunFolders.forget(baseDir); // nothing was written: no empty scenario folder either
        }
      } catch (java.io.UncheckedIOException e) {
        // a full disk: the run's own outcome (its error, if any) is what to report
        out.accept("infermark: WARNING " + e.getMessage());
      }
    }
  }

  /**
   * Names the settings the user gave that the whole run never read (known only at its end: a
   * generator may read a key at any time), e.g. {@code input-file} on a chat scenario.
   */
  private RunResult warnUnread(ScenarioModel model, Settings settings, RunResult result) {
    settings.get(Keys.SCENARIO); // used by discovery
    settings.get(Keys.PRESET); // applied when the settings were resolved
    List<Settings.Entry> unread = settings.unread();
    if (unread.isEmpty()) {
      return result;
    }
    List<String> names = unread.stream().map(e -> "infermark." + e.name() + " (" + switch (e.source()) {
      case SYSTEM_PROPERTY -> "-D";
      case CONFIGURATION -> "junit-platform.properties";
      default -> "environment";
    } + ")").toList();
    out.accept("infermark: WARNING " + model.name() + " never read " + String.join(", ", names)
        + ": " + (names.size() == 1 ? "it had" : "they had") + " no effect on this run (a setting of another scenario, "
        + "or a typo of a setting this one reads?)");
    return result.toBuilder().reportEntry("unread_settings", unread.stream().map(e -> "infermark." + e.name()).collect(
        java.util.stream.Collectors.joining(","))).build();
  }

  private record Trial(RunOutcome outcome, Summary summary) {}

  private Trial runOnce(ScenarioModel model, RunParams params, Settings settings, long seed,
      Optional<SubmissionVerdict> verdict, List<URI> targets, boolean embedded, Path runDir, Path latestDir, int trial,
      Cancellation cancellation, ResultFormats formats, RunObservers observers) throws Exception {
    Progress progress = new Progress();
    Instant start = Instant.now();
    RunResult result = RunResult.empty();
    List<String> lines = new ArrayList<>();
    Throwable failure = null;
    // This run's own signal: Ctrl+C (the engine's) reaches it; an abort of this run stops only this run.
    Cancellation run = new Cancellation();
    Runnable unlink = cancellation.onCancel(run::cancel);
    CountDownLatch finished = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean exiting = new java.util.concurrent.atomic.AtomicBoolean();
    Thread hook = new Thread(() -> {
      exiting.set(true);
      cancellation.cancel();
      try {
        finished.await(60, TimeUnit.SECONDS); // let the run write its partial artifacts
      } catch (InterruptedException ignored) {
        Thread.currentThread().interrupt();
      }
    }, "infermark-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    ProgressDisplay reporter = ProgressDisplay.start(model.name(), progress, settings.get(Keys.PROGRESS_INTERVAL),
        settings.get(Keys.UI_TYPE), out);
    Runnable unregister = () -> { };
    // A sharded run's launcher gives every shard one id (infermark.run-id).
    String runId = settings.get(ShardKeys.RUN_ID);
    String benchmarkId = runId == null || runId.isBlank() ? UUID.randomUUID().toString() : runId.trim();
    try (ServerClient server = clients.create(settings, targets, progress);
         RunRecording recording = preflightThenOpen(model, server, runDir, settings, targets, progress);
         Observation observation = observers.start(new ObservedRun(settings, targets, runDir, out))) {
      ConnectionWatch watch = new ConnectionWatch(recording, settings.get(Keys.CONNECTION_FAILURE_LIMIT), start);
      unregister = run.onCancel(() -> {
        watch.end();
        server.cancelInFlight();
      });
      RecordingClient client = new RecordingClient(server, watch, run, out);
      HarnessContext ctx = HarnessContext.builder().scenario(model.name()).params(params.values()).settings(settings)
          .target(targets.get(0), embedded).client(client).progress(progress).cancellation(run).artifactDir(runDir)
          .verdict(verdict).hub(HfHub.fromEnvironment()).seed(seed).log(out)
          .slos(model.slos()).served(server::servedContext).marks(m -> {
            observation.mark(m);
            recording.mark(m);
          }).build();
      watch.onLimit(message -> ctx.abort(ConnectionWatch.REASON, message));
      recording.onWriteFailure(message -> ctx.abort(WRITE_FAILED, message + ": the run's records can no longer be kept"));
      try {
        // Who the run is, beside its records before any load: a killed run's summary is rebuilt with it.
        ObjectNode shard = Json.object();
        Shard.of(settings).stamp(shard);
        recording.started(new RunInfo(model.name(), benchmarkId, seed, settings.provenance(resolver.registry()), verdict,
            false, start, null, shard, trial));
        if (!Boolean.TRUE.equals(settings.get(Keys.USE_SERVER_TOKEN_COUNT))) {
          server.countTokensWith(() -> { // counts tokens after each response, off the hot path
            progress.doing("loading the tokenizer");
            return ctx.tokenizer();
          });
        }
        progress.doing("building the workload");
        LoadGenerator generator = build(model, params, ctx);
        if (generator instanceof OpenFiles.Planned p) {
          OpenFiles.check(p.need(settings)); // before any load: the run fails with nothing sent, no artifacts
        }
        if (Shard.of(settings).sharded() && !(generator instanceof ClosedLoop) && !(generator instanceof Shardable)) {
          throw new IllegalArgumentException("infermark.shard-count: " + model.name() + "'s load generator ("
              + generator.getClass().getSimpleName() + ") cannot run as a shard; see docs/scale-out.md");
        }
        result = Harness.run(generator, ctx, client);
      } catch (InvocationTargetException e) {
        failure = e.getCause();
      } catch (Exception | Error e) {
        failure = e;
      }
      watch.end();
      // Free the client's connections before writing: a run that ran out of file descriptors still
      // gets its artifacts (nothing is in flight any more; its records are in).
      server.close();
      if (failure != null) {
        // Errors come first: the cause, then (when requests were sent) what they measured.
        out.accept("infermark: " + model.name() + ": the run failed: " + describe(failure));
        if (watch.records() == 0) {
          observation.discard();
          recording.discard(); // nothing was sent: no artifacts, no empty table
          throw failure instanceof Exception ex ? ex : new RuntimeException(failure);
        }
        ctx.exportExtras().put("is_complete", false).withObjectProperty("metadata").put("failure", describe(failure));
        if (!ctx.exportExtras().has("incomplete_reason")) {
          ctx.exportExtras().put("incomplete_reason", "failed"); // a run aborted first keeps the abort's reason
        }
      }
      boolean cancelled = run.cancelled();
      verdict.ifPresent(v -> {
        if (cancelled) {
          v.add(SubmissionVerdict.RUN_CANCELLED);
        }
      });
      result = recording.measure(result);
      List<SloResult> slos = new ArrayList<>();
      for (SloSpec slo : model.slos(settings)) {
        SloResult r = slo.result(result);
        // A run that did not complete measured part of what it meant to: shown, not judged.
        slos.add(cancelled ? r.notJudged(ctx.abortMessage().map(m -> "the run was aborted (" + m + ")")
            .orElse("the run was cancelled")) : r);
      }
      ctx.exportExtras().set("slo_results", SloResult.toJson(slos));
      List<String> observerLines = observation.finish(recording.profilingSummary(), benchmarkId);
      RunInfo info = new RunInfo(model.name(), benchmarkId, seed, settings.provenance(resolver.registry()),
          verdict, cancelled, start, Instant.now(), ctx.exportExtras(), trial);
      Recorded recorded = recording.finish(info);
      ResultFormats.Written written = formats.write(new RunResults(runDir, info, recorded, result, slos, ctx.sections()));
      lines.addAll(written.lines());
      lines.addAll(observerLines);
      lines.addAll(result.consoleLines());
      ErrorRate errorRate = ErrorRate.of(java.util.Collections.singletonList(recording.profilingSummary()),
          ErrorRate.threshold(settings), ErrorRate.cutOffThreshold(settings), cancelled).withConnectionNote(watch.outages());
      lines.addAll(errorRate.lines());
      lines.addAll(VerdictTable.lines(params.values().isEmpty() ? model.name() : model.name() + " [" + params.id() + "]",
          slos, errorRate, verdict, result.headlines()));
      ctx.abortMessage().ifPresent(m -> lines.add("run aborted: " + m));
      lines.addAll(written.derivedLines()); // report.html, from the artifacts just written
      lines.add("artifacts: " + runDir);
      lines.forEach(out);
      if (failure != null) {
        throw failure instanceof Exception ex ? ex : new RuntimeException(failure);
      }
      return new Trial(new RunOutcome(result, verdict, errorRate, runDir, List.copyOf(lines), cancelled,
          ctx.abortMessage(), slos), recording.profilingSummary());
    } finally {
      unregister.run();
      unlink.run();
      reporter.close();
      if (Files.isDirectory(runDir)) {
        // Before the JVM may exit (Ctrl+C: the shutdown hook waits for 'finished' only): a cancelled run moves it too.
        RunFolders.markLatest(latestDir);
        if (exiting.get()) {
          // Under Maven the console is gone by now (it returns at once on Ctrl+C): tell the terminal itself.
          ControllingTerminal.tell("infermark: " + model.name() + " was cancelled; its partial artifacts are in "
              + runDir.toAbsolutePath());
        }
      }
      finished.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is exiting: the hook is already running and waits for 'finished'
      }
    }
  }

  /**
   * Checks the target before any load ({@code infermark.preflight}), then opens the recording: a
   * dead or wrong endpoint fails here, within seconds, and leaves no artifacts.
   */
  private RunRecording preflightThenOpen(ScenarioModel model, ServerClient client, Path runDir, Settings settings,
      List<URI> targets, Progress progress) throws IOException {
    if (settings.get(Keys.PREFLIGHT)) {
      // A server still busy (e.g. with an aborted run's requests) may take a while: the progress says what for.
      progress.doing("preflight: waiting for " + (targets.size() == 1 ? targets.get(0) : targets.size() + " servers")
          + " to list its models and answer a 1-token " + settings.get(Keys.ENDPOINT_TYPE) + " request");
      try {
        client.preflight().ifPresent(line -> out.accept("infermark: preflight: " + line));
      } catch (PreflightException e) {
        // One mistake, one message: the runs after the first (every @Param run) fail the same way.
        out.accept("infermark: " + model.name() + ": " + (targetFailures.add(e.getMessage()) ? e.getMessage()
            : "the target cannot be benchmarked, as the run before found (above)"));
        throw e;
      }
    }
    Files.createDirectories(runDir);
    out.accept("infermark: " + model.name() + ": artifacts go to " + runDir.toAbsolutePath()
        + " (a cancelled run's too)");
    return recordings.open(runDir, settings, client);
  }

  /** Stops the run, saying why, when what it opens cannot fit under this JVM's open-files limit. */
  /**
   * The connections the run will hold, by its load model: a closed loop's users (a user-centric rate's), an open
   * loop's cap; none known for an uncapped open loop (its in-flight count is the server's latency times the rate).
   * Load settings that do not fit are reported when the generator starts, before any load.
   */
  private static Optional<OpenFiles.Need> plannedConnections(Settings settings) {
    LoadModel load;
    try {
      load = LoadModels.of(settings);
    } catch (IllegalArgumentException reportedLater) {
      int planned = settings.get(Keys.CONCURRENCY).stream().mapToInt(Integer::intValue).max().orElse(1);
      return Optional.of(OpenFiles.need(settings, Keys.CONCURRENCY.property(), planned));
    }
    return switch (load) {
      case LoadModel.Closed c -> Optional.of(OpenFiles.need(settings, settings.isSet(Keys.MAX_CONCURRENCY)
          && !settings.isExplicit(Keys.CONCURRENCY) ? Keys.MAX_CONCURRENCY.property() : Keys.CONCURRENCY.property(), c.users()));
      case LoadModel.UserCentric u -> Optional.of(OpenFiles.need(settings, Keys.NUM_USERS.property(), u.users()));
      case LoadModel.Open o -> o.capped()
          ? Optional.of(OpenFiles.need(settings, Keys.MAX_CONCURRENCY.property(), o.maxConcurrency())) : Optional.empty();
    };
  }

  private void checkOpenFiles(ScenarioModel model, OpenFiles.Need need) {
    try {
      OpenFiles.check(need);
    } catch (IllegalStateException e) {
      out.accept("infermark: " + model.name() + ": " + e.getMessage());
      throw e;
    }
  }

  private static String describe(Throwable t) {
    return t.getMessage() == null || t.getMessage().isBlank() ? t.toString() : t.getMessage();
  }

  private LoadGenerator build(ScenarioModel model, RunParams params, HarnessContext ctx) throws Exception {
    Object instance = model.type().getDeclaredConstructor().newInstance();
    for (var e : model.params().entrySet()) {
      e.getKey().set(instance, ParamConverter.convert(e.getKey().getType(), params.values().get(e.getKey().getName())));
    }
    Method m = model.workload();
    Parameter[] ps = m.getParameters();
    Object[] args = new Object[ps.length];
    for (int i = 0; i < ps.length; i++) {
      Class<?> t = ps[i].getType();
      if (t == RunContext.class) {
        args[i] = ctx;
      } else if (t == SyntheticText.class) {
        args[i] = new SeededText(ctx.tokenizer(), ctx.seed());
      } else {
        String name = ps[i].getName();
        ScenarioModel.injectionProblem(t, model.type()).ifPresent(why -> {
          throw new InvalidScenarioException(model.type(), "@Workload parameter " + name + " of type " + t.getName()
              + " cannot be injected: " + why);
        });
        args[i] = TypedSettings.of(t, ctx.settings(), resolver.registry());
      }
    }
    LoadGenerator g = (LoadGenerator) m.invoke(instance, args);
    if (g == null) {
      throw new InvalidScenarioException(model.type(), "@Workload method returned null");
    }
    model.checkPhases(g);
    return g;
  }

  private static EmbeddedServer startEmbedded(Settings settings) throws IOException {
    for (EmbeddedServerProvider p : ServiceLoader.load(EmbeddedServerProvider.class,
        Thread.currentThread().getContextClassLoader())) {
      return p.start(settings);
    }
    throw new IOException("infermark.url is not set and no embedded simulator is on the class path: set -Dinfermark.url="
        + "host:port, or add dev.infermark:infermark-simulator as a test dependency");
  }
}
