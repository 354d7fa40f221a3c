/**
 * The HTML report of a run folder and the comparison of several.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.report;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
