/**
 * Where each metric is defined, once: the harness's own metrics in {@link dev.infermark.api.Metric}, a
 * methodology's in its {@link dev.infermark.metrics.catalog.MetricCatalog} (a {@code ServiceLoader} plug-in
 * point, as {@code KeyCatalog} is for settings), and {@link dev.infermark.metrics.catalog.MetricCatalogs}, the
 * union that the {@code @Slo} checks, the verdict and the reports look metrics up in.
 *
 * <p>Part of the methodology SPI (docs/writing-methodologies.md): a methodology module may use it; its
 * shape may still change.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.metrics.catalog;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
