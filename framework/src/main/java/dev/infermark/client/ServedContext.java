package dev.infermark.client;

import java.net.URI;

/**
 * The context length a target serves, as its {@code GET /v1/models} advertises it
 * ({@code max_model_len}: vLLM, SGLang, the simulator): a request whose prompt and output tokens
 * exceed it is rejected as a context overflow. The preflight reads it; the smallest over the run's
 * URLs counts.
 *
 * @param url the server that advertises it
 * @param maxModelLen its context length in tokens
 */
public record ServedContext(URI url, int maxModelLen) {
  /**
   * A load generator that checks its workload against the context the target serves before it
   * sends anything (the AgentX replay: traces that would overflow). The runner tells it after the
   * preflight, when the target advertised one.
   */
  public interface Aware {
    void servedContext(ServedContext served);
  }
}
