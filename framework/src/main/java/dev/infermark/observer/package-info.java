/**
 * The run-observer plug-in point: what watches a run from beside it. {@code RunObserver} providers found with
 * {@code ServiceLoader} are each started for a run ({@code RunObservers}, given an {@code ObservedRun}), told the
 * phase {@code Mark}s the workload announces, and finished before the run's artifacts ({@code Observation}).
 * The servers' Prometheus metrics (module {@code server-metrics}) are one such provider.
 *
 * <p>Part of the methodology SPI (docs/writing-methodologies.md): its shape may still change. A scenario
 * author compiles against {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.observer;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
