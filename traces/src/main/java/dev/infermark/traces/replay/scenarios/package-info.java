/**
 * The built-in {@code trace-replay} {@code @Scenario} class, run by name or extended.
 *
 * <p>Experimental: for running by name, extending or testing; its shape may still change. A
 * scenario author compiles against {@code dev.infermark.api} and {@code dev.infermark.annotations}.
 */
@API(status = EXPERIMENTAL)
package dev.infermark.traces.replay.scenarios;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
