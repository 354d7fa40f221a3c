package dev.infermark.servermetrics;

import java.nio.file.Path;
import java.util.List;

/**
 * What the export found: the files written, the derived figures and the cross-checks (those not
 * {@code ok} are the run's warnings). {@code files} is empty when no endpoint ever answered.
 */
public record ServerMetricsReport(List<Path> files, DerivedFigures derived, List<CrossCheck.Result> checks) {
  public ServerMetricsReport {
    files = List.copyOf(files);
    checks = List.copyOf(checks);
  }

  /** The cross-checks that failed, as warning lines. */
  public List<String> warnings() {
    return checks.stream().filter(c -> !c.ok()).map(CrossCheck.Result::message).toList();
  }
}
