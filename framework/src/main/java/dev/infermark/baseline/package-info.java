/**
 * Runs compared: a run folder of ours, an AIPerf artifact folder or a {@code vllm bench serve} result
 * read into one form ({@link dev.infermark.baseline.ComparedRun}), what each tool's metrics mean
 * ({@link dev.infermark.baseline.PeerDefinitions}), and the regression gate against a baseline
 * ({@link dev.infermark.baseline.RegressionGate}: the change of a statistic with a bootstrap or
 * across-trials confidence interval).
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.baseline;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
