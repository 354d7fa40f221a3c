/**
 * The trace formats' plug-in point ({@link dev.infermark.traces.format.TraceFormat}, found with
 * {@link java.util.ServiceLoader}), the dataset settings ({@link dev.infermark.traces.format.TraceKeys}) and the
 * one way a scenario loads the run's dataset file ({@link dev.infermark.traces.format.TraceFormats#load}).
 *
 * <p>Part of the methodology SPI (docs/writing-methodologies.md, docs/traces.md): a methodology module may use it,
 * and a format of one's own implements it; its shape may still change. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.traces.format;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
