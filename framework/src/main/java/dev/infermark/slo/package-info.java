/**
 * Service-level objectives, in one place: {@code SloSpec} (one objective read from {@code @Slo}, or given
 * by a {@code SloSource}), its evaluation into a {@code SloResult}, {@code SloNames} (the statistics and
 * metrics an objective may name, checked at discovery) and the {@code SloSource} plug-in point (SLOs a
 * run's settings give, e.g. AA-AgentPerf's tiers).
 *
 * <p>Part of the methodology SPI (docs/writing-methodologies.md): a methodology module may use it; its
 * shape may still change. A scenario author writes {@code @Slo} and compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.slo;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
