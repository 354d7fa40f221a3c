package dev.infermark.servermetrics;

import dev.infermark.observer.Observation;
import dev.infermark.observer.ObservedRun;
import dev.infermark.observer.RunObserver;
import dev.infermark.observer.RunObservers;

/**
 * The servers' Prometheus {@code /metrics}, scraped beside every run (as AIPerf does by default); the
 * harness finds it with {@code ServiceLoader} (META-INF/services/dev.infermark.observer.RunObserver).
 */
public final class ServerMetricsObserver implements RunObserver {
  @Override
  public String name() {
    return RunObservers.SERVER_METRICS;
  }

  @Override
  public Observation start(ObservedRun run) {
    return RunServerMetrics.start(run.settings(), run.targets(), run.runDir(), run.out());
  }
}
