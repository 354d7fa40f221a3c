/**
 * Prometheus {@code /metrics} scraping, parsing, backend adapters and the server-metrics exports.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.servermetrics;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
