/**
 * The capacity search per SLO tier (the framework's {@link dev.infermark.sweep.LimitSearch}: exponential ramp then
 * binary search), phases shared between tiers.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.agentperf.search;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
