/**
 * Load as a curve and a limit: sweeps over a load setting (concurrency, request rate) written as
 * one result ({@link dev.infermark.sweep.Sweep}, {@code sweep.json}/{@code .csv}/{@code .html}), their
 * Pareto frontier, and the limit search (exponential growth then bisection, {@link
 * dev.infermark.sweep.LimitSearch}) shared by the SLA search of any scenario and AA-AgentPerf's
 * capacity search.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.sweep;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
