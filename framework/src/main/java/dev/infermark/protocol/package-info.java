/**
 * The protocol-client plug-in point: what the harness sends requests through. {@code ServerClient} (one
 * run's connection to its servers: send, preflight, cancel), the {@code Protocol} providers found with
 * {@code ServiceLoader} and chosen by {@code infermark.protocol} ({@code Protocols}), and the types a client
 * hands the run: {@code ServedContext}, {@code ClientStats}, {@code RequestBodyListener}, {@code RequestCounter},
 * {@code PreflightException}. The OpenAI-compatible HTTP client (module {@code client}) is one such provider.
 *
 * <p>Part of the methodology SPI (docs/writing-methodologies.md): its shape may still change. A scenario
 * author compiles against {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.protocol;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
