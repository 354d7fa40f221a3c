package dev.infermark.observer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Consumer;

import dev.infermark.metrics.Summary;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;

/**
 * The run observers on the class path, started together for each run. None is required: a run with none
 * goes on without (no server-metrics files), unless a setting asked for what only one provides.
 */
public final class RunObservers {
  /** The server-metrics observer's name (module {@code server-metrics}, artifact {@code infermark-server-metrics}). */
  public static final String SERVER_METRICS = "server-metrics";

  private final List<RunObserver> observers;

  private RunObservers(List<RunObserver> observers) {
    this.observers = List.copyOf(observers);
  }

  /**
   * The observers on the context class path, for a run with these settings; before any load.
   *
   * @throws IllegalArgumentException naming the setting, when it asks for server metrics and no
   *     server-metrics observer is on the class path
   */
  public static RunObservers of(Settings settings) {
    return of(settings, available());
  }

  /** {@link #of(Settings)} among {@code available}. */
  public static RunObservers of(Settings settings, List<RunObserver> available) {
    if (available.stream().noneMatch(o -> o.name().equals(SERVER_METRICS))) {
      askedForServerMetrics(settings).ifPresent(key -> {
        throw new IllegalArgumentException(key.property() + ": server metrics come from the module "
            + "infermark-server-metrics, which is not on the class path (the engine and the command line bring it; "
            + "a class path put together by hand needs it too)");
      });
    }
    return new RunObservers(available);
  }

  /** Every observer on the context class path (the first of a name wins). */
  public static List<RunObserver> available() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    Map<String, RunObserver> byName = new LinkedHashMap<>();
    for (RunObserver o : ServiceLoader.load(RunObserver.class,
        loader != null ? loader : RunObservers.class.getClassLoader())) {
      byName.putIfAbsent(o.name(), o);
    }
    return List.copyOf(byName.values());
  }

  /**
   * The setting by which the user asked for server metrics, if any: endpoints of their own or an interval.
   * The default (the inference URL's {@code /metrics}, scraped when the module is there) asks for nothing.
   */
  private static Optional<SettingKey<?>> askedForServerMetrics(Settings settings) {
    if (Boolean.TRUE.equals(settings.get(Keys.NO_SERVER_METRICS))) {
      return Optional.empty();
    }
    if (settings.isExplicit(Keys.SERVER_METRICS) && settings.get(Keys.SERVER_METRICS).stream().anyMatch(u -> !u.isBlank())) {
      return Optional.of(Keys.SERVER_METRICS);
    }
    return settings.isExplicit(Keys.SERVER_METRICS_INTERVAL) ? Optional.of(Keys.SERVER_METRICS_INTERVAL) : Optional.empty();
  }

  /**
   * Starts every observer for {@code run}; one that throws is a note on the console, and the rest go on.
   * The observation returned passes each call on to all of them, each guarded the same way.
   */
  public Observation start(ObservedRun run) {
    List<Named> started = new ArrayList<>();
    for (RunObserver o : observers) {
      try {
        started.add(new Named(o.name(), o.start(run)));
      } catch (RuntimeException e) {
        run.out().accept("infermark: " + o.name() + ": not started: " + e);
      }
    }
    return started.isEmpty() ? Observation.NONE : new All(started, run.out());
  }

  private record Named(String name, Observation observation) {}

  /** Every started observation; one that throws is noted and skipped for that call. */
  private record All(List<Named> started, Consumer<String> out) implements Observation {
    @Override
    public void mark(Mark m) {
      each(o -> o.mark(m));
    }

    @Override
    public List<String> finish(Summary profiling, String benchmarkId) {
      List<String> lines = new ArrayList<>();
      each(o -> lines.addAll(o.finish(profiling, benchmarkId)));
      return lines;
    }

    @Override
    public void discard() {
      each(Observation::discard);
    }

    @Override
    public void close() {
      each(Observation::close);
    }

    private void each(Consumer<Observation> call) {
      for (Named n : started) {
        try {
          call.accept(n.observation());
        } catch (RuntimeException e) {
          out.accept("infermark: " + n.name() + ": " + e);
        }
      }
    }
  }
}
