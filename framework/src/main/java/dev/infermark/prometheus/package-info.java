/**
 * The one strict parser of the Prometheus text exposition format ({@link dev.infermark.prometheus.PromParser}):
 * the server-metrics scraper, AA-AgentPerf's power readings and the simulator's tests read {@code /metrics}
 * through it. No Prometheus library on Maven Central parses the text format (the official client only
 * writes it).
 *
 * <p>Part of the methodology SPI: a methodology may use it; its shape may still change.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.prometheus;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
