/**
 * Run folders and what a run records into them: the per-request export, aggregates, inputs, the
 * profiling window (the end-of-run files are result formats, {@code dev.infermark.result}).
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.artifact;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
