package dev.infermark.cli;

import java.util.Iterator;
import java.util.TreeSet;

import dev.infermark.scenario.ScenarioModel;

/**
 * The scenario names, for shell completion of {@code --scenario} and {@code describe}: scanned
 * when a completion script is generated, not on every start.
 */
final class ScenarioNames implements Iterable<String> {
  @Override
  public Iterator<String> iterator() {
    return Scenarios.scan().names().iterator();
  }

  /** Every preset of every scenario, for completion of {@code --preset}. */
  static Iterable<String> presets() {
    return () -> {
      TreeSet<String> out = new TreeSet<>();
      for (Class<?> c : Scenarios.scan().classes()) {
        try {
          out.addAll(ScenarioModel.of(c).presets().keySet());
        } catch (RuntimeException invalid) {
          // an invalid scenario has no presets to offer
        }
      }
      return out.iterator();
    };
  }
}
