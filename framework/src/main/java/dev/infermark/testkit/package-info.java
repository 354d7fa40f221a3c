/**
 * Running one load generator in a test the way the harness runs it ({@code ScenarioTestKit}).
 *
 * <p>Experimental: for running by name, extending or testing; its shape may still change. A
 * scenario author compiles against {@code dev.infermark.api} and {@code dev.infermark.annotations}.
 */
@API(status = EXPERIMENTAL)
package dev.infermark.testkit;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
