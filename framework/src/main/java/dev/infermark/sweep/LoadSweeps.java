package dev.infermark.sweep;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import dev.infermark.annotations.Param;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.slo.SloResult;

/**
 * Sweeps over a load setting: a list given for one ({@code --concurrency 1,2,4,8}, as AIPerf sweeps
 * it) becomes one run per value, and the finished runs of a scenario whose load setting differs
 * from run to run (that list, or a {@code @Param} with {@code setting = "concurrency"}) are also
 * one {@link Sweep}.
 */
public final class LoadSweeps {
  /**
   * One finished run.
   *
   * @param params its parameters
   * @param settings its settings
   * @param outcome what it produced
   */
  public record Finished(RunParams params, Settings settings, RunOutcome outcome) {}

  private LoadSweeps() {}

  /**
   * The runs with each load setting the user gave as a list of several values ({@link SweptSetting#LOAD})
   * expanded: every run once per value, the value in its parameters under the setting's name. A
   * setting a {@code @Param} sweeps, that names a {@code @Param} field, or that the scenario locks
   * (AgentX: one concurrency per run) is left as it is: the run then says why a list cannot be used.
   *
   * @param userSetting the user's text of a setting, by name without {@code infermark.}
   */
  public static List<RunParams> expand(ScenarioModel model, List<RunParams> runs, Function<String, Optional<String>> userSetting,
      SettingsRegistry registry) {
    List<RunParams> out = runs;
    for (String name : SweptSetting.LOAD) {
      if (registry.find(name).isEmpty() || sweptByParam(model, name) || model.locks().stream().anyMatch(l -> l.key().equals(name))) {
        continue;
      }
      Optional<List<String>> values = userSetting.apply(name).map(LoadSweeps::values).filter(v -> v.size() > 1);
      if (values.isEmpty() || !parses(name, values.get(), registry)) {
        continue;
      }
      List<RunParams> next = new ArrayList<>();
      for (RunParams r : out) {
        for (String v : values.get()) {
          Map<String, String> m = new LinkedHashMap<>(r.values());
          m.put(name, v);
          next.add(new RunParams(m));
        }
      }
      out = next;
    }
    return out;
  }

  /** The sweep these finished runs of {@code model} form, when a load setting differs between them. */
  public static Optional<Sweep> of(ScenarioModel model, List<Finished> runs) {
    if (runs.size() < 2) {
      return Optional.empty();
    }
    SettingsRegistry registry = SettingsRegistry.load();
    for (String name : SweptSetting.LOAD) {
      if (registry.find(name).isEmpty()) {
        continue;
      }
      Set<String> texts = new LinkedHashSet<>();
      runs.forEach(r -> texts.add(r.settings().text(name).orElse("")));
      if (texts.size() < 2 || texts.stream().anyMatch(t -> values(t).size() != 1)) {
        continue;
      }
      SweptSetting setting = SweptSetting.of(name, registry);
      List<SweepPoint> points = new ArrayList<>();
      Set<String> checks = new LinkedHashSet<>();
      for (Finished f : runs) {
        double v = setting.parse(f.settings().text(name).orElseThrow());
        points.add(SweepPoint.of(f.params().id(), group(model, f.params(), name), v, f.outcome()));
        for (SloResult s : f.outcome().slos()) {
          checks.add(("value".equals(s.stat()) ? "" : s.stat() + " ") + s.metric() + " " + s.thresholdWithUnit());
        }
        checks.add("error_rate <= " + SloResult.fmt(f.outcome().errorRate().threshold() * 100) + " %");
      }
      return Optional.of(new Sweep(model.name(), setting, List.copyOf(checks), points, null));
    }
    return Optional.empty();
  }

  /** The run's other parameters: those that do not set the swept setting. */
  private static String group(ScenarioModel model, RunParams params, String setting) {
    Map<String, String> rest = new LinkedHashMap<>(params.values());
    rest.remove(setting);
    for (Field f : model.params().keySet()) {
      if (f.getAnnotation(Param.class).setting().equals(setting)) {
        rest.remove(f.getName());
      }
    }
    return rest.isEmpty() ? "" : new RunParams(rest).id();
  }

  private static boolean sweptByParam(ScenarioModel model, String name) {
    return model.params().keySet().stream().anyMatch(f -> f.getName().equals(name)
        || f.getAnnotation(Param.class).setting().equals(name));
  }

  private static boolean parses(String name, List<String> values, SettingsRegistry registry) {
    try {
      SweptSetting s = SweptSetting.of(name, registry);
      values.forEach(s::parse);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static List<String> values(String text) {
    return java.util.Arrays.stream(text.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
  }
}
