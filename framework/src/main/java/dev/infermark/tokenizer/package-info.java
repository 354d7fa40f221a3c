/**
 * Tokenizers (Hugging Face via DJL, and a word tokenizer) for prompt building and token counts off the hot path.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.tokenizer;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
