package dev.infermark.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.infermark.scenario.ScenarioModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code infermark list}: every scenario on the class path with its description, presets and locks. */
@Command(name = "list", mixinStandardHelpOptions = true,
    description = "Lists the scenarios infermark can run (built-in ones, and yours with --scenario-jar / --classpath): "
        + "name, presets, locked rules, SLOs and description. infermark describe NAME tells more.")
final class ListCommand implements Callable<Integer> {
  @Mixin
  ClassPathOptions classPath;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"NAME", "PRESETS", "LOCKS", "SLOS", "DESCRIPTION"});
    for (Class<?> c : Scenarios.scan().classes()) {
      try {
        ScenarioModel m = ScenarioModel.of(c);
        rows.add(new String[] {m.name(), m.presets().isEmpty() ? "-" : String.join(",", m.presets().keySet().stream().sorted().toList()),
            m.locks().isEmpty() ? "-" : Integer.toString(m.locks().size()), m.slos().isEmpty() ? "-" : Integer.toString(m.slos().size()),
            m.description()});
      } catch (RuntimeException invalid) {
        rows.add(new String[] {c.getSimpleName(), "", "", "", "INVALID: " + invalid.getMessage()});
      }
    }
    int[] width = new int[4];
    for (String[] r : rows) {
      for (int i = 0; i < 4; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      out.printf("%-" + width[0] + "s  %-" + width[1] + "s  %-" + width[2] + "s  %-" + width[3] + "s  %s%n",
          (Object[]) r);
    }
    out.flush();
    return 0;
  }
}
