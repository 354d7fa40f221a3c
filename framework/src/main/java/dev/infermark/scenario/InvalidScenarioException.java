package dev.infermark.scenario;

/** A scenario class that cannot be run as written (its message says what to change). */
public final class InvalidScenarioException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidScenarioException(Class<?> type, String problem) {
    super("scenario " + type.getName() + ": " + problem);
  }
}
