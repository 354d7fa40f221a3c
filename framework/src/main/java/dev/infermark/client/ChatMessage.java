package dev.infermark.client;

/**
 * One chat message. {@code content} is a {@link CharSequence} so that large prompts can be
 * assembled from shared pieces when the body is written, not stored whole per request.
 */
public record ChatMessage(String role, CharSequence content) {
  public static ChatMessage system(CharSequence content) {
    return new ChatMessage("system", content);
  }

  public static ChatMessage user(CharSequence content) {
    return new ChatMessage("user", content);
  }

  public static ChatMessage assistant(CharSequence content) {
    return new ChatMessage("assistant", content);
  }
}
