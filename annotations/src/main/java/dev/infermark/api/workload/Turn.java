package dev.infermark.api.workload;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * One user turn of a synthetic conversation: its text and the output cap.
 *
 * @param text the user message
 * @param maxTokens the output cap sent as {@code max_completion_tokens}, or {@code null} for none
 */
@API(status = STABLE, since = "0.1")
public record Turn(String text, Integer maxTokens) {
  public static Turn user(String text) {
    return new Turn(text, null);
  }

  /** The same turn with an output cap. */
  public Turn maxTokens(int max) {
    return new Turn(text, max);
  }
}
