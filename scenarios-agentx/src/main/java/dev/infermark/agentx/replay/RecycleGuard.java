package dev.infermark.agentx.replay;

import java.util.HashSet;
import java.util.Set;

/**
 * Remembers every drained tree play by its root correlation id: a second drain of the same play
 * would free its lane twice and put one lane over its single tree, so it fails loudly. Child
 * streams never pass through here (their session ids repeat across plays of a parent).
 */
public final class RecycleGuard {
  private final Set<String> drained = new HashSet<>();

  /**
   * @throws IllegalStateException {@code "Double recycle ..."} when the play was already drained
   */
  public void drained(String rootCorrelationId, String traceId, int lane) {
    if (!drained.add(rootCorrelationId)) {
      throw new IllegalStateException("Double recycle of root correlation id " + rootCorrelationId + " (trace "
          + traceId + ", lane " + lane + ")");
    }
  }
}
