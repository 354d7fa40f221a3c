package dev.infermark.metrics.catalog;

import java.util.List;
import java.util.Set;

/**
 * Contributes the metrics a methodology reports. Each module lists its metrics in one class implementing this
 * interface, registered in {@code META-INF/services/dev.infermark.metrics.catalog.MetricCatalog}; together with
 * the harness's own ({@link dev.infermark.api.Metric}) they are the metrics an {@code @Slo} may name, checked at
 * discovery (a near miss gets a did-you-mean), and the headers, units and directions the verdict and the reports
 * show. A tag is defined once: a second definition, in another catalog or of one of the harness's metrics, fails
 * the lookup naming both.
 */
public interface MetricCatalog {
  /** The metrics this module defines. */
  List<MetricDef> metrics();

  /**
   * Tags of metrics defined elsewhere (the harness's) that this methodology reports per SLO tier as well: an
   * {@code @Slo} with a {@code tier} on one of them is then expected to be measured. Default: none.
   */
  default Set<String> alsoPerTier() {
    return Set.of();
  }
}
