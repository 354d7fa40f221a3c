/**
 * Weka corpus loading: local folders, the Hugging Face dataset, filters.
 *
 * <p>Part of the methodology SPI (docs/writing-methodologies.md): a methodology module may use it; its
 * shape may still change. A scenario author compiles against {@code dev.infermark.api} and
 * {@code dev.infermark.annotations} only.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.traces.corpus;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
