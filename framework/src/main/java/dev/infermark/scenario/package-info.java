/**
 * The model of a discovered scenario class: runs, parameters, SLOs, defaults.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.scenario;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
