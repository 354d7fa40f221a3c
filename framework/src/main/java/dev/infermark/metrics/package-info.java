/**
 * Per-request and per-phase metrics, statistics, error rates, goodput and the client self-check.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.metrics;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
