package dev.infermark.scenario;

import java.util.List;

/** A scenario class that cannot be run as written (its message says what to change). */
public final class InvalidScenarioException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient List<String> problems;

  public InvalidScenarioException(Class<?> type, String problem) {
    this(type, List.of(problem));
  }

  /** Every problem found at once, one per line. */
  public InvalidScenarioException(Class<?> type, List<String> problems) {
    super("scenario " + type.getName() + ": " + (problems.size() == 1 ? problems.get(0)
        : problems.size() + " problems:\n  - " + String.join("\n  - ", problems)));
    this.problems = List.copyOf(problems);
  }

  /** The problems, each in words that say what to change. */
  public List<String> problems() {
    return problems;
  }
}
