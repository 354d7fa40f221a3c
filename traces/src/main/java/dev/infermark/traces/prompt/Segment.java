package dev.infermark.traces.prompt;

import dev.infermark.traces.weka.HashIds;

/**
 * One chat message of a reconstructed prompt: hash blocks {@code ids[from:to)} followed by
 * {@code tailTokens} synthetic tokens starting at corpus token {@code tailStart}.
 */
public record Segment(Role role, HashIds ids, int from, int to, int tailStart, int tailTokens) {
  /** A message role. */
  public enum Role {
    SYSTEM("system"), USER("user"), ASSISTANT("assistant");

    private final String wire;

    Role(String wire) {
      this.wire = wire;
    }

    /** The role as sent in the request body. */
    public String wire() {
      return wire;
    }
  }

  /** Hash blocks in this segment. */
  public int blocks() {
    return to - from;
  }

  /** Tokens of this segment under block size {@code bs}. */
  public long tokens(int bs) {
    return (long) blocks() * bs + tailTokens;
  }

  /** This segment without its synthetic tail and cut to its first {@code keep} blocks. */
  Segment cut(int keep) {
    return new Segment(role, ids, from, from + keep, 0, 0);
  }
}
