package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.List;
import java.util.Map;

import dev.infermark.api.status.API;

/**
 * One request to send. The client builds the body: {@code messages} (chat) or {@code prompt}
 * (completions), {@code model}, {@code stream}, {@code max_completion_tokens} (or {@code max_tokens}),
 * the run's extra inputs, then {@code extraBody} last.
 *
 * @param phase warmup or profiling (a closed-loop workload's requests take the harness's phase)
 * @param tags conversation, tree and lane ids
 * @param messages chat messages (chat endpoint); empty for completions
 * @param prompt the prompt (completions endpoint), or {@code null}
 * @param model the model to name, or {@code null} for the first {@code infermark.model}
 * @param maxTokens the output cap, or {@code null} to send none
 * @param extraBody per-request body fields merged last (win on conflicts), as plain JSON values
 *     (strings, numbers, booleans, lists, maps), or {@code null}
 * @param keepText whether the record keeps the generated text (accuracy needs it; load tests don't)
 * @param dueNs when the scheduler meant to send it ({@code System.nanoTime()}), or -1; the client sends it
 *     no earlier, so a scheduler may hand a request over ahead and have its body written before the instant
 * @param affinity with several {@code infermark.url}s: requests with the same affinity go to the same
 *     URL (where their prefix cache lives); {@code null} spreads them round-robin. Use a bounded set
 *     of keys (a lane, an agent): the client remembers each key's URL for the run
 */
@API(status = STABLE, since = "0.1")
public record InferenceRequest(Phase phase, RequestTags tags, List<ChatMessage> messages, CharSequence prompt,
    String model, Integer maxTokens, Map<String, Object> extraBody, boolean keepText, long dueNs, String affinity) {

  public InferenceRequest {
    messages = messages == null ? List.of() : List.copyOf(messages);
    extraBody = extraBody == null ? null : JsonValues.freezeObject(extraBody, "extraBody");
  }

  /** A request without affinity (round-robin over several URLs). */
  public InferenceRequest(Phase phase, RequestTags tags, List<ChatMessage> messages, CharSequence prompt, String model,
      Integer maxTokens, Map<String, Object> extraBody, boolean keepText, long dueNs) {
    this(phase, tags, messages, prompt, model, maxTokens, extraBody, keepText, dueNs, null);
  }

  /** A chat request with defaults: profiling, no extra body, text not kept, not scheduled. */
  public static InferenceRequest chat(RequestTags tags, List<ChatMessage> messages, Integer maxTokens) {
    return new InferenceRequest(Phase.PROFILING, tags, messages, null, null, maxTokens, null, false, -1);
  }

  public InferenceRequest withPhase(Phase p) {
    return p == phase ? this : new InferenceRequest(p, tags, messages, prompt, model, maxTokens, extraBody, keepText, dueNs, affinity);
  }

  public InferenceRequest withMaxTokens(Integer max) {
    return new InferenceRequest(phase, tags, messages, prompt, model, max, extraBody, keepText, dueNs, affinity);
  }

  public InferenceRequest withKeepText(boolean keep) {
    return new InferenceRequest(phase, tags, messages, prompt, model, maxTokens, extraBody, keep, dueNs, affinity);
  }

  public InferenceRequest withDueNs(long due) {
    return new InferenceRequest(phase, tags, messages, prompt, model, maxTokens, extraBody, keepText, due, affinity);
  }

  /** This request, sent to the URL of {@code key} ({@code null}: round-robin). */
  public InferenceRequest withAffinity(String key) {
    return new InferenceRequest(phase, tags, messages, prompt, model, maxTokens, extraBody, keepText, dueNs, key);
  }
}
