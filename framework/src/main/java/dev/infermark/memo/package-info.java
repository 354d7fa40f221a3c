/**
 * Bounded memos of derived data that recurs across requests (token ids, escaped prompt text).
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.memo;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
