package dev.infermark.lock;

import java.util.List;

/** Thrown before any traffic when a scenario's locks are violated and may not (or cannot) be bypassed. */
public final class ScenarioLockException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient List<LockViolation> violations;

  public ScenarioLockException(String scenario, List<LockViolation> violations, String hint) {
    super(message(scenario, violations, hint));
    this.violations = List.copyOf(violations);
  }

  public List<LockViolation> violations() {
    return violations;
  }

  private static String message(String scenario, List<LockViolation> violations, String hint) {
    StringBuilder b = new StringBuilder("Scenario '").append(scenario).append("' invariants violated (")
        .append(violations.size()).append(violations.size() == 1 ? " conflict):" : " conflicts):");
    for (LockViolation v : violations) {
      b.append("\n  - ").append(v);
    }
    return b.append('\n').append(hint).toString();
  }
}
