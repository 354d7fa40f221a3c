/**
 * The request record kept for every request sent, and its error kinds.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.record;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
