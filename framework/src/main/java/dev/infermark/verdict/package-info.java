/**
 * The end-of-run verdict table on the console (SLO outcomes, error rate, submission verdict, headlines).
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.verdict;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
