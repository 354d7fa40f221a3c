package dev.infermark.agentperf.trajectory;

import java.util.AbstractList;
import java.util.RandomAccess;
import java.util.function.IntFunction;

/**
 * An immutable list of turns built when read. Weka prompts are assembled per turn from shared block
 * text; building every turn of a long trace up front would hold thousands of message lists per
 * agent, so {@link Trajectory} keeps this list as it is instead of copying it.
 */
final class TurnsOnDemand extends AbstractList<Turn> implements RandomAccess {
  private final int size;
  private final IntFunction<Turn> build;

  /** {@code size} turns; turn {@code k} is {@code build.apply(k)}, called on every read. */
  TurnsOnDemand(int size, IntFunction<Turn> build) {
    if (size < 0) {
      throw new IllegalArgumentException("negative size " + size);
    }
    this.size = size;
    this.build = build;
  }

  @Override
  public Turn get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("turn " + index + " of " + size);
    }
    return build.apply(index);
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public TurnsOnDemand subList(int fromIndex, int toIndex) {
    if (fromIndex < 0 || toIndex > size || fromIndex > toIndex) {
      throw new IndexOutOfBoundsException("turns " + fromIndex + ".." + toIndex + " of " + size);
    }
    return new TurnsOnDemand(toIndex - fromIndex, k -> build.apply(fromIndex + k));
  }
}
