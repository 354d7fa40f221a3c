/**
 * The engine's test descriptors: scenario, run and check nodes.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.engine.descriptor;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
