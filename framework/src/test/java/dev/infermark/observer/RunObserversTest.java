package dev.infermark.observer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import dev.infermark.metrics.Summary;
import dev.infermark.settings.Settings;

/** Every observer on the class path watches the run; none is needed unless a setting asks for server metrics. */
class RunObserversTest {
  private final List<String> console = new ArrayList<>();
  private final ObservedRun run = new ObservedRun(Settings.empty(), List.of(URI.create("http://127.0.0.1:8000")),
      Path.of("target/run"), console::add);

  private static RunObserver observer(String name, Function<ObservedRun, Observation> start) {
    return new RunObserver() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Observation start(ObservedRun r) {
        return start.apply(r);
      }
    };
  }

  /** Records what it is told, and says so when finished. */
  private static final class Recording implements Observation {
    final List<Object> calls = new ArrayList<>();

    @Override
    public void mark(Mark m) {
      calls.add(m);
    }

    @Override
    public List<String> finish(Summary profiling, String benchmarkId) {
      calls.add("finish " + benchmarkId);
      return List.of("finished " + benchmarkId);
    }

    @Override
    public void discard() {
      calls.add("discard");
    }

    @Override
    public void close() {
      calls.add("close");
    }
  }

  @Test
  void withNoObserverARunGoesOnWatchingNothing() {
    Observation o = RunObservers.of(Settings.of(Map.of("url", "http://a:8000")), List.of()).start(run);
    o.mark(Mark.PROFILING_START);
    assertThat(o.finish(null, "id")).isEmpty();
    o.close();
    assertThat(console).isEmpty();
  }

  @Test
  void askingForServerMetricsWithoutTheirModuleFailsNamingTheSettingAndTheModule() {
    assertThatThrownBy(() -> RunObservers.of(Settings.of(Map.of("server-metrics", "node1:9090")), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("infermark.server-metrics: server metrics come from the module infermark-server-metrics,"
            + " which is not on the class path");
    assertThatThrownBy(() -> RunObservers.of(Settings.of(Map.of("server-metrics-interval", "1s")), List.of()))
        .hasMessageStartingWith("infermark.server-metrics-interval: ");
    // turned off, or provided: nothing asked for is missing
    RunObservers.of(Settings.of(Map.of("server-metrics", "node1:9090", "no-server-metrics", "true")), List.of());
    RunObservers.of(Settings.of(Map.of("server-metrics", "node1:9090")),
        List.of(observer(RunObservers.SERVER_METRICS, r -> Observation.NONE)));
  }

  @Test
  void everyObserverIsToldEverythingAndOneThatThrowsIsANote() {
    Recording first = new Recording();
    Recording second = new Recording();
    Observation failing = new Observation() {
      @Override
      public void mark(Mark m) {
        throw new IllegalStateException("mark failed");
      }

      @Override
      public List<String> finish(Summary profiling, String benchmarkId) {
        throw new IllegalStateException("finish failed");
      }
    };
    Observation all = RunObservers.of(Settings.empty(), List.of(observer("first", r -> first),
        observer("broken", r -> {
          throw new IllegalStateException("cannot start");
        }), observer("failing", r -> failing), observer("second", r -> second))).start(run);
    all.mark(Mark.WARMUP);
    all.mark(Mark.PROFILING_START);
    assertThat(all.finish(null, "run-1")).containsExactly("finished run-1", "finished run-1");
    all.close();
    assertThat(first.calls).containsExactly(Mark.WARMUP, Mark.PROFILING_START, "finish run-1", "close");
    assertThat(second.calls).isEqualTo(first.calls);
    assertThat(console).containsExactly("infermark: broken: not started: java.lang.IllegalStateException: cannot start",
        "infermark: failing: java.lang.IllegalStateException: mark failed",
        "infermark: failing: java.lang.IllegalStateException: mark failed",
        "infermark: failing: java.lang.IllegalStateException: finish failed");
  }

  @Test
  void aRunThatSentNothingDiscardsEveryObservation() {
    Recording one = new Recording();
    RunObservers.of(Settings.empty(), List.of(observer("one", r -> one))).start(run).discard();
    assertThat(one.calls).containsExactly("discard");
  }
}
