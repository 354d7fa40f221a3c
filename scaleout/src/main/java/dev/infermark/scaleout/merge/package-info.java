/**
 * Exact merging of shard run folders into the run one host would have written.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.scaleout.merge;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
