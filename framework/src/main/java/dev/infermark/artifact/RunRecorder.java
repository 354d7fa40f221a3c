package dev.infermark.artifact;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.LoadModel;
import dev.infermark.load.LoadModels;
import dev.infermark.metrics.ArrivalLateness;
import dev.infermark.metrics.ClientSelfCheck;
import dev.infermark.metrics.Goodput;
import dev.infermark.api.Metric;
import dev.infermark.metrics.MetricValue;
import dev.infermark.metrics.PhaseMetrics;
import dev.infermark.metrics.RecordMetrics;
import dev.infermark.metrics.SelfCheckResult;
import dev.infermark.metrics.Stats;
import dev.infermark.metrics.Summary;
import dev.infermark.protocol.ServerClient;
import dev.infermark.record.RecordSink;
import dev.infermark.result.RunInfo;
import dev.infermark.run.RunRecording;
import dev.infermark.result.AiperfCsvFormat;
import dev.infermark.result.AiperfJsonFormat;
import dev.infermark.result.Recorded;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunResults;
import dev.infermark.observer.Mark;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import tools.jackson.core.exc.JacksonIOException;

/**
 * A run's record sink: streams each profiling record to {@code profile_export.jsonl} (the run's
 * journal) as it arrives, one line written to the file at once, so a process killed at any moment
 * leaves every request completed before as a whole line (at most the last line torn, which readers
 * skip); keeps what the metrics need per phase, and at the end says what it measured
 * ({@link Recorded}), from which the result formats write the run's files. A journal that cannot
 * be written (a full disk) is cut back to its last whole line, written no further, and reported at
 * once ({@link #onWriteFailure}) and by {@link #finish}.
 *
 * <p>Runner usage: {@code new RunRecorder(dir, settings)}; {@link #attach(ServerClient)};
 * {@link #started(RunInfo)} ({@code run_start.json}: what a crashed run's summary is rebuilt with,
 * {@link JournalSummary}); pass it as the run's {@link RecordSink}; after the load generator returns,
 * {@link #measure(RunResult)} (the result with every statistic), {@link #finish(RunInfo)} (writes
 * {@code inputs.json}, returns what was measured for {@code ResultFormats}); then {@link #close()}.
 * Thread-safe.
 */
public final class RunRecorder implements RunRecording {
  public static final String JSONL = "profile_export.jsonl";
  public static final String JSON = AiperfJsonFormat.FILE;
  public static final String CSV = AiperfCsvFormat.FILE;
  public static final String INPUTS = "inputs.json";
  public static final String START = RunStart.FILE;

  private final Path dir;
  private final ReentrantLock lock = new ReentrantLock();
  /**
   * The journal's file, or {@code null} for a recorder that keeps none ({@link #measuring}). Not a
   * {@code FileChannel}: records are written on the senders' threads, which a cancelled run interrupts,
   * and an interrupt closes a channel for good.
   */
  private final RandomAccessFile file;
  private final OutputStream jsonl;
  /** Bytes written to the journal, and of them the whole lines': where a failed write is cut back to. */
  private long written;
  private long committed;
  private volatile Consumer<String> onWriteFailure = m -> { };
  private final PhaseMetrics warmup;
  private final PhaseMetrics profiling;
  private final InputsCollector inputs = new InputsCollector();
  private final ClientSelfCheck selfCheck;
  private final LoadModel load;
  private SelfCheckResult checked;
  private final ProfilingWindow window = new ProfilingWindow();
  private UrlCounts urlCounts;
  private final AtomicLong requestNum = new AtomicLong();
  private long contentChunks;
  private IOException writeFailure;
  private boolean closed;

  /**
   * Opens {@code profile_export.jsonl} in {@code artifactDir} (created if missing) and starts the
   * client self-check.
   *
   * @throws IllegalArgumentException when {@code infermark.goodput} is malformed
   * @throws UncheckedIOException naming the file when it cannot be created
   */
  public RunRecorder(Path artifactDir, Settings settings) {
    this.dir = artifactDir;
    Goodput goodput = Goodput.parse(settings.get(Keys.GOODPUT));
    this.load = loadModel(settings);
    this.warmup = new PhaseMetrics(Phase.WARMUP.label(), goodput);
    this.profiling = new PhaseMetrics(Phase.PROFILING.label(), goodput);
    Path path = artifactDir.resolve(JSONL);
    try {
      Files.createDirectories(artifactDir);
      Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING).close();
      this.file = new RandomAccessFile(path.toFile(), "rw");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + path + ": " + e.getMessage(), e);
    }
    this.jsonl = new BufferedOutputStream(new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        file.write(b);
        written++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        file.write(b, off, len);
        written += len;
      }

      @Override
      public void close() throws IOException {
        file.close();
      }
    }, 64 * 1024);
    this.selfCheck = ClientSelfCheck.start();
  }

  /** A recorder that writes nothing and measures no client: the metrics of records read back. */
  private RunRecorder(Settings settings) {
    this.dir = null;
    Goodput goodput = Goodput.parse(settings.get(Keys.GOODPUT));
    this.warmup = new PhaseMetrics(Phase.WARMUP.label(), goodput);
    this.profiling = new PhaseMetrics(Phase.PROFILING.label(), goodput);
    this.load = new LoadModel.Closed(1, null);
    this.file = null;
    this.jsonl = null;
    this.selfCheck = null;
  }

  /**
   * A recorder that keeps no journal and measures no client, for records read back from a journal
   * ({@link JournalSummary}): feed it with {@link #accept}, then {@link #measured()}.
   */
  static RunRecorder measuring(Settings settings) {
    return new RunRecorder(settings);
  }

  /**
   * Keeps the run's identity beside the journal ({@code run_start.json}, written whole), before any
   * load: a run that never writes its summary (killed, crashed) has it rebuilt with it.
   *
   * @throws UncheckedIOException naming the file
   */
  @Override
  public void started(RunInfo info) {
    RunStart.write(dir, info);
  }

  /**
   * What to do once when the journal cannot be written (a full disk): the runner aborts the run, whose
   * records can no longer be kept. Called with {@code cannot write FILE: why}, outside the recorder's lock.
   */
  @Override
  public void onWriteFailure(Consumer<String> action) {
    this.onWriteFailure = action;
  }
  /**
   * Collects the client's request bodies (inputs.json), connection waits (self-check) and requests
   * per URL ({@code metadata.urls}).
   */
  public void attach(ServerClient client) {
    List<URI> urls = client.urls();
    if (!urls.isEmpty()) {
      lock.lock();
      try {
        urlCounts = new UrlCounts(urls);
      } finally {
        lock.unlock();
      }
    }
    client.bodyListener(inputs);
    client.selfCheck().ifPresent(selfCheck::attach);
  }

  /** The request bodies kept for inputs.json. */
  public InputsCollector inputs() {
    return inputs;
  }

  @Override
  public void accept(RequestRecord r) {
    RecordMetrics m = RecordMetrics.of(r);
    boolean cancelled = r.error() != null && r.error().kind() == ErrorKind.CANCELLED;
    window.record(r);
    IOException failed = null;
    lock.lock();
    try {
      contentChunks += r.contentChunkNs().length;
      if (urlCounts != null) {
        urlCounts.add(r);
      }
      (r.phase() == Phase.WARMUP ? warmup : profiling).add(r, m);
      if (jsonl == null || closed || writeFailure != null) {
        return;
      }
      // Serialised straight into the file's buffer, under the lock (a few µs; no copy of the line),
      // and written to the file with its newline: a kill after this loses nothing of it.
      // Warmup rows are exported too, tagged metadata.benchmark_phase = "warmup" (as AIPerf does);
      // metrics keep them apart.
      ExportRecords.write(jsonl, r, m, requestNum.getAndIncrement(), cancelled);
      jsonl.write('\n');
      jsonl.flush();
      committed = written;
    } catch (JacksonIOException e) {
      failed = writeFailed(e.getCause() instanceof IOException io ? io : new IOException(e.getMessage(), e));
    } catch (IOException e) {
      failed = writeFailed(e);
    } finally {
      lock.unlock();
    }
    if (failed != null) {
      onWriteFailure.accept("cannot write " + dir.resolve(JSONL) + ": " + failed.getMessage());
    }
  }

  /**
   * Under the lock: keeps the failure for {@link #finish}, cuts the journal back to its last whole
   * line (a partly written one is no record) and writes it no further; the run's metrics still count
   * every record.
   */
  private IOException writeFailed(IOException e) {
    writeFailure = e;
    try {
      file.setLength(committed);
    } catch (IOException ignored) {
      // the journal keeps a torn last line, which readers skip
    }
    return e;
  }

  /** A phase boundary the harness announced: marks the profiling window ({@code start_time}/{@code end_time}). */
  @Override
  public void mark(Mark m) {
    window.mark(m);
  }

  /** The phase's summary so far. */
  public Summary summary(Phase phase) {
    lock.lock();
    try {
      return (phase == Phase.WARMUP ? warmup : profiling).summary();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Stops the self-check (first call) and returns its result, with the warning of the arrival-lateness rule
   * ({@link ArrivalLateness}) on the profiling requests' schedule lag when the run's load is paced; {@code null} for a
   * recorder that measures no client.
   */
  public SelfCheckResult selfCheck() {
    if (selfCheck == null) {
      return null;
    }
    long chunks;
    lock.lock();
    try {
      if (checked != null) {
        return checked;
      }
      chunks = contentChunks;
    } finally {
      lock.unlock();
    }
    Summary p = summary(Phase.PROFILING);
    SelfCheckResult sc = selfCheck.stop(chunks, ClientSelfCheck.Finest.of(p));
    SelfCheckResult withArrivals = load instanceof LoadModel.Closed ? sc
        : ArrivalLateness.warning(load, p.stats(Metric.SCHEDULE_LAG.tag())).map(sc::withWarning).orElse(sc);
    return locked(() -> checked == null ? checked = withArrivals : checked);
  }

  /**
   * The run's load model, for the arrival-lateness rule; a closed loop when the settings make none (the harness
   * reports them before any load).
   */
  private static LoadModel loadModel(Settings settings) {
    try {
      return LoadModels.of(settings);
    } catch (IllegalArgumentException reportedLater) {
      return new LoadModel.Closed(1, null);
    }
  }

  /**
   * Ends the run's recording: flushes {@code profile_export.jsonl}, writes {@code inputs.json} and
   * returns what was measured; the result formats write {@code profile_export_aiperf.json}, the CSV
   * and the console table from it ({@code ResultFormats}). On a cancelled run they describe what
   * completed and say {@code was_cancelled: true}.
   *
   * @throws UncheckedIOException naming the file that could not be written (including a failed
   *     {@code profile_export.jsonl})
   */
  public Recorded finish(RunInfo info) {
    if (jsonl == null) {
      throw new IllegalStateException("a recorder of records read back writes no run: use measured()");
    }
    SelfCheckResult sc = selfCheck();
    lock.lock();
    try {
      if (writeFailure != null) {
        throw new UncheckedIOException("cannot write " + dir.resolve(JSONL) + ": " + writeFailure.getMessage(), writeFailure);
      }
      jsonl.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + dir.resolve(JSONL) + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
    try {
      inputs.write(dir.resolve(INPUTS));
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
    return recorded(sc);
  }

  /** What the records fed so far measured, without a client self-check and writing nothing. */
  Recorded measured() {
    return recorded(null);
  }

  private Recorded recorded(SelfCheckResult sc) {
    List<Recorded.UrlCount> urls = locked(() -> urlCounts == null ? List.of() : urlCounts.counts());
    return new Recorded(summary(Phase.PROFILING), summary(Phase.WARMUP), window.start(), window.end(), sc,
        inputs.dropped(), urls);
  }

  /**
   * {@link #finish(RunInfo)}, then writes what the recording alone knows with {@code formats} (the
   * AIPerf files, the console table; no workload result, SLOs or methodology sections): what a merge
   * of shards writes. Returns the console lines.
   */
  public List<String> finishAndWrite(RunInfo info, ResultFormats formats) {
    ResultFormats.Written w = formats.write(RunResults.of(dir, info, finish(info)));
    List<String> lines = new java.util.ArrayList<>(w.lines());
    lines.addAll(w.derivedLines());
    return lines;
  }

  private <T> T locked(java.util.function.Supplier<T> s) {
    lock.lock();
    try {
      return s.get();
    } finally {
      lock.unlock();
    }
  }

  /** {@code result} with every profiling statistic added ({@link #addTo(RunResult.Builder)}). */
  @Override
  public RunResult measure(RunResult result) {
    RunResult.Builder b = result.toBuilder();
    addTo(b);
    return b.build();
  }

  @Override
  public Summary profilingSummary() {
    return summary(Phase.PROFILING);
  }

  /**
   * Adds every profiling statistic to {@code result} ({@code time_to_first_token:p95} in ms, ...;
   * scalars as {@code request_throughput:value}), the self-check values
   * ({@code client_scheduler_lag_p99}, {@code client_cpu_fraction}, ...) and key metrics as report
   * entries.
   */
  public void addTo(RunResult.Builder result) {
    Summary s = summary(Phase.PROFILING);
    for (MetricValue m : s.metrics()) {
      switch (m) {
        case MetricValue.Scalar sc -> result.value(sc.tag(), sc.value(), sc.unit());
        case MetricValue.Distribution d -> {
          for (String stat : Stats.NAMES) {
            result.metric(d.tag(), Stat.of(stat), d.stats().get(stat), d.unit());
          }
          result.metric(d.tag(), Stat.COUNT, d.stats().count(), "");
        }
      }
    }
    SelfCheckResult sc = selfCheck();
    if (sc != null) {
      value(result, Metric.CLIENT_SCHEDULER_LAG_P50, sc.schedulerLagP50Ms());
      value(result, Metric.CLIENT_SCHEDULER_LAG_P99, sc.schedulerLagP99Ms());
      value(result, Metric.CLIENT_CONNECTION_WAIT_P99, sc.poolWaitP99Ms());
      value(result, Metric.CLIENT_CPU_FRACTION, sc.cpuFraction());
      value(result, Metric.CLIENT_CPU_US_PER_READ, sc.cpuUsPerRead());
    }
    s.stats(Metric.TIME_TO_FIRST_TOKEN.tag()).ifPresent(t -> {
      entry(result, "ttft_p50_ms", t.p50());
      entry(result, "ttft_p99_ms", t.p99());
    });
    s.stats(Metric.INTER_TOKEN_LATENCY.tag()).ifPresent(t -> {
      entry(result, "itl_p50_ms", t.p50());
      entry(result, "itl_p99_ms", t.p99());
    });
    s.value(Metric.REQUEST_THROUGHPUT.tag()).ifPresent(v -> entry(result, Metric.REQUEST_THROUGHPUT.tag(), v));
    s.value(Metric.OUTPUT_TOKEN_THROUGHPUT.tag()).ifPresent(v -> entry(result, Metric.OUTPUT_TOKEN_THROUGHPUT.tag(), v));
    s.value(Metric.GOODPUT.tag()).ifPresent(v -> entry(result, Metric.GOODPUT.tag(), v));
    result.reportEntry("request_count", Long.toString(s.requestCount()));
    result.reportEntry("error_request_count", Long.toString(s.errorCount()));
    if (sc != null && sc.warning() != null) {
      result.reportEntry("client_self_check", sc.warning());
    }
  }

  private static void entry(RunResult.Builder r, String key, double v) {
    r.reportEntry(key, String.format(Locale.ROOT, "%.2f", v));
  }

  private static void value(RunResult.Builder r, Metric m, Double v) {
    if (v != null) {
      r.value(m.tag(), v, m.unit());
    }
  }

  /**
   * Closes and deletes {@code profile_export.jsonl} and {@code run_start.json}, and the run dir when
   * nothing else is in it: the run failed before sending anything, so it leaves no artifacts.
   */
  @Override
  public void discard() {
    close();
    if (dir == null) {
      return;
    }
    try {
      Files.deleteIfExists(dir.resolve(JSONL));
      Files.deleteIfExists(dir.resolve(START));
      Files.deleteIfExists(dir);
    } catch (java.nio.file.DirectoryNotEmptyException kept) {
      // other files are there (a methodology's own, an earlier run's): leave the folder
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir.resolve(JSONL) + ": " + e.getMessage(), e);
    }
  }

  /**
   * Flushes and closes {@code profile_export.jsonl} and stops the self-check. After a failed write
   * (which {@link #finish} reports) the journal is closed as it was cut back, without writing more.
   */
  @Override
  public void close() {
    selfCheck();
    lock.lock();
    try {
      if (!closed && jsonl != null) {
        closed = true;
        if (writeFailure != null) {
          file.close();
        } else {
          jsonl.close();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close " + dir.resolve(JSONL) + ": " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }
}
