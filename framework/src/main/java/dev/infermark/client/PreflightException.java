package dev.infermark.client;

/** The target cannot be benchmarked (nothing listening, not OpenAI-compatible, model not served, auth refused). */
public final class PreflightException extends RuntimeException {
  public PreflightException(String message) {
    super(message);
  }
}
