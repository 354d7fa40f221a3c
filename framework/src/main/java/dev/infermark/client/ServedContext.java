package dev.infermark.client;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import java.net.URI;

/**
 * The context length a target serves, as its {@code GET /v1/models} advertises it
 * ({@code max_model_len}: vLLM, SGLang, the simulator): a request whose prompt and output tokens
 * exceed it is rejected as a context overflow. The preflight reads it; the smallest over the run's
 * URLs counts. A methodology reads it from {@code MethodologyContext.servedContext()}, before any load.
 *
 * @param url the server that advertises it
 * @param maxModelLen its context length in tokens
 */
@API(status = EXPERIMENTAL, since = "0.2") // a methodology reads it (MethodologyContext.servedContext)
public record ServedContext(URI url, int maxModelLen) {
}
