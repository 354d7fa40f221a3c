package dev.infermark.agentperf.agent;

import java.util.SplittableRandom;

import dev.infermark.api.request.ChatMessage;

/**
 * The text prepended to the first message of every trajectory in one phase, fresh per phase so
 * that no prefix cache survives from one phase into the next: 32 seeded random digits and a line
 * telling the model to ignore them (the cache-isolation text of AA's local tool).
 *
 * @param phase the phase number it belongs to
 * @param text the prefix
 */
public record PhasePrefix(int phase, String text) {
  /** The prefix of phase {@code phase} of a run with seed {@code seed}. */
  public static PhasePrefix of(long seed, int phase) {
    SplittableRandom r = new SplittableRandom(seed * 31 + 0x632BE59BD9B4E019L * (phase + 1));
    StringBuilder b = new StringBuilder(100);
    for (int i = 0; i < 32; i++) {
      if (i > 0) {
        b.append(' ');
      }
      b.append((char) ('0' + r.nextInt(10)));
    }
    b.append("\nPerformance replay cache namespace. Ignore the digits above.\n\n");
    return new PhasePrefix(phase, b.toString());
  }

  /** {@code message} with this prefix in front of its content (its tool-call fields kept). */
  public ChatMessage apply(ChatMessage message) {
    return message.withContent(message.content() == null ? text : text + message.content());
  }
}
