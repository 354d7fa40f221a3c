/**
 * The embedded-server SPI through which the simulator becomes the default target when no URL is given.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.target;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
