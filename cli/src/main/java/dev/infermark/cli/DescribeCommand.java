package dev.infermark.cli;

import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.infermark.lock.Lock;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.slo.SloSpec;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code infermark describe NAME}: a scenario's defaults, presets, locks, SLOs and parameters. */
@Command(name = "describe", mixinStandardHelpOptions = true,
    description = "Describes one scenario: the settings it changes from the built-in defaults, its presets, its locked "
        + "rules (and the submission verdict they stamp), its SLOs and its @Param sweeps.")
final class DescribeCommand implements Callable<Integer> {
  @Parameters(paramLabel = "NAME", description = "The scenario's name (infermark list shows them).",
      completionCandidates = ScenarioNames.class)
  String name;

  @Mixin
  ClassPathOptions classPath;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    ScenarioModel m;
    try {
      m = ScenarioModel.of(Scenarios.scan().find(name));
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("infermark describe: " + e.getMessage());
      return ProfileCommand.USAGE;
    }
    SettingsRegistry registry = SettingsRegistry.load();
    out.printf("%s (%s)%n", m.name(), m.type().getName());
    if (!m.description().isBlank()) {
      out.printf("  %s%n", m.description());
    }
    out.printf("%nRun it: infermark profile --scenario %s%s [--url URL --model MODEL] [--FLAG VALUE]...%n", m.name(),
        m.presets().isEmpty() ? "" : " [--preset " + String.join("|", m.presets().keySet().stream().sorted().toList()) + "]");

    out.printf("%nDefaults (the scenario's, over the built-in ones):%n");
    if (m.defaults().isEmpty()) {
      out.printf("  (none: every setting has its built-in default; infermark profile --help lists them)%n");
    }
    m.defaults().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> out.printf("  --%s %s%s%n",
        e.getKey(), e.getValue(), registry.find(e.getKey()).map(SettingKey::defaultText)
            .map(d -> "   (built-in: " + (d.isEmpty() ? "empty" : d) + ")").orElse("")));

    out.printf("%nPresets (--preset NAME):%n");
    if (m.presets().isEmpty()) {
      out.printf("  (none)%n");
    }
    m.presets().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(p -> {
      out.printf("  %s:%n", p.getKey());
      p.getValue().forEach((k, v) -> out.printf("    --%s %s%n", k, v));
    });

    out.printf("%nLocks%s:%n", m.locks().isEmpty() ? "" : " (each run stamps submission_valid; --unsafe-override turns "
        + "bypassable violations into warnings and the run into an invalid submission)");
    if (m.locks().isEmpty()) {
      out.printf("  (none)%n");
    }
    for (Lock l : m.locks()) {
      out.printf("  --%s %s%s%n", l.key(), l.rule(), l.reason().isBlank() ? "" : ": " + l.reason());
    }

    out.printf("%nChecks of every run: error_rate (at most --failed-request-threshold of requests failed)%s%n",
        m.stampsVerdict() ? ", submission_valid" : "");
    out.printf("SLOs (one check each):%n");
    List<SloSpec> slos = m.slos();
    if (slos.isEmpty()) {
      out.printf("  (none)%n");
    }
    slos.forEach(s -> out.printf("  %s%n", s.displayName()));

    out.printf("%nParameters (one run per combination; --param FIELD=V1,V2 replaces the values):%n");
    if (m.params().isEmpty()) {
      out.printf("  (none: one run)%n");
    }
    for (Map.Entry<Field, List<String>> p : m.params().entrySet()) {
      out.printf("  %s: %s%n", p.getKey().getName(), String.join(", ", p.getValue()));
    }
    dev.infermark.annotations.Search search = m.type().getAnnotation(dev.infermark.annotations.Search.class);
    if (search != null) {
      out.printf("%nSLA search (@Search; --search-space SETTING:FROM,TO replaces it, docs/sweeps.md):%n  %s from %s to %s%s%n",
          search.setting(), SloSpec.fmt(search.from()), SloSpec.fmt(search.to()),
          search.precision().isBlank() ? "" : ", precision " + search.precision());
    }
    out.flush();
    return 0;
  }
}
