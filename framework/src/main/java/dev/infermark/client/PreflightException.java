package dev.infermark.client;

/** The target cannot be benchmarked (nothing listening, not OpenAI-compatible, model not served, auth refused). */
public final class PreflightException extends RuntimeException {
  /** The cause alone, without the message's "the target ... cannot be benchmarked" frame; or the message. */
  private final String reason;

  public PreflightException(String message) {
    this(message, message);
  }

  PreflightException(String message, String reason) {
    super(message);
    this.reason = reason;
  }

  String reason() {
    return reason;
  }
}
