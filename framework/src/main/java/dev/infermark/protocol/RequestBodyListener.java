package dev.infermark.protocol;

import dev.infermark.api.request.InferenceRequest;

/**
 * Sees every request body as it is sent (for {@code inputs.json}). Called on the sending thread
 * before the request's start time is taken; keep it cheap and never block.
 */
@FunctionalInterface
public interface RequestBodyListener {
  void onBody(InferenceRequest request, String requestId, byte[] body);
}
