package dev.infermark.protocol;

/**
 * Told of each request the client sends and gets back: the run's live progress counts them. An
 * interface here, so the client does not depend on the harness that implements it.
 */
public interface RequestCounter {
  void requestSent();

  void requestReturned(boolean failed);

  /** A request returned, with its time to first token in ns (negative when it had none). */
  void requestReturned(boolean failed, long ttftNs);
}
