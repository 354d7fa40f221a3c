package dev.infermark.lock;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a run counts as a valid submission of its scenario, and why not. Reasons are kept in
 * the order they were added, each once ({@code unsafe_override}, {@code run_cancelled}, ...).
 * Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.2") // the verdict a methodology adds its run-time reasons to (methodology SPI)
public final class SubmissionVerdict {
  /** Stamped when {@code infermark.unsafe-override} turned violations into warnings. */
  public static final String UNSAFE_OVERRIDE = "unsafe_override";
  /** Stamped when the run was cancelled (Ctrl+C, JUnit abort). */
  public static final String RUN_CANCELLED = "run_cancelled";
  /** Stamped on a summary rebuilt from the records of a run that never wrote its own (a killed process). */
  public static final String RUN_INCOMPLETE = "run_incomplete";

  private final List<String> reasons = new ArrayList<>();

  public synchronized void add(String reason) {
    if (!reasons.contains(reason)) {
      reasons.add(reason);
    }
  }

  public synchronized boolean valid() {
    return reasons.isEmpty();
  }

  public synchronized List<String> reasons() {
    return List.copyOf(reasons);
  }

  @Override
  public synchronized String toString() {
    return valid() ? "submission_valid: true" : "submission_valid: false " + reasons;
  }
}
