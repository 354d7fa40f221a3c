package dev.infermark.servermetrics;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import dev.infermark.metrics.Summary;
import dev.infermark.observer.Mark;
import dev.infermark.observer.Observation;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;

/**
 * The server metrics of one run, as the runner drives them through the run-observer plug-in point
 * ({@link ServerMetricsObserver}): started with the run (the inference URL's {@code /metrics} plus
 * {@code infermark.server-metrics}), marked at the phases the harness announces, finished before the
 * run's artifacts. Every failure here is a note; none fails the run.
 */
public final class RunServerMetrics implements Observation {
  /** AIPerf's reachability timeout: a scrape slower than this is abandoned. */
  static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(10);
  /** The longest the profiling phase waits for its reference scrape. */
  static final Duration START_WAIT = Duration.ofMillis(250);

  private final ServerMetricsRecorder recorder;
  private final Path runDir;
  private final Consumer<String> out;
  private volatile boolean profilingStarted;

  private RunServerMetrics(ServerMetricsRecorder recorder, Path runDir, Consumer<String> out) {
    this.recorder = recorder;
    this.runDir = runDir;
    this.out = out;
  }

  /**
   * Starts scraping every target's {@code /metrics} and the {@code infermark.server-metrics} URLs,
   * unless {@code infermark.no-server-metrics}; a recorder that cannot start is a note.
   */
  public static RunServerMetrics start(Settings settings, List<URI> targets, Path runDir, Consumer<String> out) {
    if (Boolean.TRUE.equals(settings.get(Keys.NO_SERVER_METRICS))) {
      return new RunServerMetrics(null, runDir, out);
    }
    List<URI> urls = new ArrayList<>();
    for (URI target : targets) {
      URI m = URI.create(target.getScheme() + "://" + target.getRawAuthority() + "/metrics");
      if (!urls.contains(m)) {
        urls.add(m);
      }
    }
    for (String u : settings.get(Keys.SERVER_METRICS)) {
      if (!u.isBlank()) {
        URI m = ServerMetricsRecorder.metricsUrl(u);
        if (!urls.contains(m)) {
          urls.add(m);
        }
      }
    }
    try {
      ServerMetricsRecorder r = ServerMetricsRecorder.start(new ServerMetricsRecorder.Config(urls,
          settings.get(Keys.SERVER_METRICS_INTERVAL), SCRAPE_TIMEOUT, START_WAIT, NanoClock.system(),
          runDir.resolve(ServerMetricsExport.JSONL), note -> out.accept("infermark: server metrics: " + note)));
      return new RunServerMetrics(r, runDir, out);
    } catch (IOException | IllegalArgumentException e) {
      out.accept("infermark: server metrics: not collected: " + e.getMessage());
      return new RunServerMetrics(null, runDir, out);
    }
  }

  /** Marks a phase boundary the harness announced ({@code RunContext.phase}, {@code step}). */
  @Override
  public void mark(Mark m) {
    if (recorder == null) {
      return;
    }
    if (m == Mark.PROFILING_START) {
      profilingStarted = true;
    }
    recorder.mark(m);
  }

  /**
   * Ends the window (the load is over), stops scraping and writes the exports; returns the
   * console lines (the derived figures and any cross-check warning).
   */
  @Override
  public List<String> finish(Summary profiling, String benchmarkId) {
    if (recorder == null) {
      return List.of();
    }
    if (profilingStarted) {
      recorder.mark(Mark.PROFILING_END);
    }
    recorder.close();
    List<String> lines = new ArrayList<>();
    try {
      Window w = recorder.window();
      ServerMetricsReport r = recorder.export(runDir, w, ClientTotals.of(profiling), benchmarkId);
      if (r.files().isEmpty()) {
        return lines;
      }
      if (!w.marked()) {
        lines.add("infermark: server metrics: no profiling phase was marked; statistics cover the whole run");
      }
      lines.add("infermark: server metrics: " + summary(r.derived()));
      r.warnings().forEach(w2 -> lines.add("infermark: WARNING server metrics: " + w2));
    } catch (IOException e) {
      lines.add("infermark: server metrics: " + e.getMessage());
    } catch (RuntimeException e) {
      lines.add("infermark: server metrics: export failed (the run's other artifacts are unaffected): " + e);
    }
    return lines;
  }

  private static String summary(DerivedFigures d) {
    StringBuilder b = new StringBuilder(d.backends.isEmpty() ? "unknown backend" : String.join("+", d.backends));
    if (d.overallHitRate != null || d.gpuHitRate != null) {
      b.append(String.format(Locale.ROOT, ", prefix-cache hit rate %.1f%%",
          100 * (d.overallHitRate != null ? d.overallHitRate : d.gpuHitRate)));
    }
    if (d.kvUsagePercent != null) {
      b.append(String.format(Locale.ROOT, ", KV cache %.1f%% avg / %.1f%% max", d.kvUsagePercent.avg(),
          d.kvUsagePercent.max()));
    }
    if (d.running != null) {
      b.append(String.format(Locale.ROOT, ", running %.1f avg", d.running.avg()));
    }
    if (d.waiting != null) {
      b.append(String.format(Locale.ROOT, ", waiting %.1f avg", d.waiting.avg()));
    }
    if (d.preemptions != null) {
      b.append(String.format(Locale.ROOT, ", %.0f preemptions", d.preemptions));
    }
    return b.toString();
  }

  /** Stops scraping and deletes what was written: the run sent nothing, so it leaves no artifacts. */
  @Override
  public void discard() {
    close();
    try {
      java.nio.file.Files.deleteIfExists(runDir.resolve(ServerMetricsExport.JSONL));
    } catch (IOException e) {
      out.accept("infermark: server metrics: cannot delete " + runDir.resolve(ServerMetricsExport.JSONL) + ": "
          + e.getMessage());
    }
  }

  /** Stops scraping if {@link #finish} did not (the run failed before it). */
  @Override
  public void close() {
    if (recorder != null) {
      recorder.close();
    }
  }
}
