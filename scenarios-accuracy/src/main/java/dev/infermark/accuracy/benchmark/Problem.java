package dev.infermark.accuracy.benchmark;

import dev.infermark.api.request.ChatMessage;
import java.util.List;
import java.util.Map;

/**
 * One graded problem.
 *
 * @param prompt the flat prompt (completions endpoint; a single user message on chat when {@code messages} is null)
 * @param messages the chat form when it differs from one user message (MMLU few-shot turns), or {@code null}
 * @param groundTruth what the grader compares against
 * @param task the task (subject, category, subtask), or {@code null}
 * @param metadata extra fields (subject, level, question id, ...)
 * @param generationSize the output cap sent as max tokens
 */
public record Problem(String prompt, List<ChatMessage> messages, String groundTruth, String task,
    Map<String, String> metadata, int generationSize) {

  public Problem {
    messages = messages == null ? null : List.copyOf(messages);
    metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
  }

  /** A single-user-message problem. */
  public static Problem flat(String prompt, String groundTruth, String task, int generationSize) {
    return new Problem(prompt, null, groundTruth, task, Map.of(), generationSize);
  }

  /** The chat messages: {@link #messages()}, else one user message holding the prompt. */
  public List<ChatMessage> chatMessages() {
    return messages != null ? messages : List.of(ChatMessage.user(prompt));
  }
}
