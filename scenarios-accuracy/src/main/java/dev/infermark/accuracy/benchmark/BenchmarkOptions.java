package dev.infermark.accuracy.benchmark;

import java.util.List;

/**
 * How to build a benchmark's problems.
 *
 * @param tasks the selected tasks; empty (or only {@code all}) means every task
 * @param nShots few-shot examples per problem
 * @param cot chain-of-thought prompting
 */
public record BenchmarkOptions(List<String> tasks, int nShots, boolean cot) {
  public BenchmarkOptions {
    tasks = tasks == null ? List.of() : List.copyOf(tasks);
  }

  /** Whether every task is selected (no tasks, or just {@code all}). */
  public boolean allTasks() {
    return tasks.isEmpty() || (tasks.size() == 1 && tasks.get(0).equalsIgnoreCase("all"));
  }
}
