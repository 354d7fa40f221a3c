/**
 * A run's results as an immutable tree ({@code RunResults}) and the result formats that write it
 * ({@code ResultFormat}, found with {@code ServiceLoader}; {@code infermark.result-formats} picks them).
 *
 * <p>Experimental: the extension point for a format of one's own; its shape may still change. A
 * scenario author compiles against {@code dev.infermark.api} and {@code dev.infermark.annotations}.
 */
@API(status = EXPERIMENTAL)
package dev.infermark.result;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
