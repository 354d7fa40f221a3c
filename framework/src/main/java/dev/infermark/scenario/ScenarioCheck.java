package dev.infermark.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.infermark.api.Metric;
import dev.infermark.lock.Lock;
import dev.infermark.metrics.catalog.MetricDef;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.TypedSettings;
import dev.infermark.slo.SloSpec;
import dev.infermark.slo.SloNames;

/**
 * What is wrong with a scenario class as written, found before anything runs (the engine reports
 * these as discovery issues; {@link ScenarioRunner} refuses a scenario with a fatal one): every
 * {@code @Locked} key and its values, every {@code @Default} key, value and preset name (shorthand
 * annotations such as {@code @Concurrency} and composed annotations included), every typed
 * settings interface its {@code @Workload} method declares ({@link TypedSettings}), and every
 * {@code @Slo} metric, statistic, unit and tier ({@link SloNames}). A typo gets a did-you-mean.
 */
public final class ScenarioCheck {
  private static final Pattern PRESET = Pattern.compile("[A-Za-z0-9_.-]+");
  private static final String EXTRA = Keys.EXTRA_INPUTS.name() + ".";

  /** How bad a problem is. */
  public enum Level {
    /** The scenario cannot run as written (a typo would otherwise be a silent no-op). */
    FATAL,
    /** It runs, but a check will probably fail for a reason the author can fix now. */
    WARNING,
    /** Worth knowing; nothing is wrong as far as infermark can tell. */
    NOTE
  }

  /** One problem, in words that say what to change. */
  public record Problem(Level level, String message) {
    static Problem fatal(String message) {
      return new Problem(Level.FATAL, message);
    }

    static Problem warning(String message) {
      return new Problem(Level.WARNING, message);
    }

    static Problem note(String message) {
      return new Problem(Level.NOTE, message);
    }

    public boolean fatal() {
      return level == Level.FATAL;
    }
  }

  private ScenarioCheck() {}

  /** Every problem of {@code model}, fatal ones first. */
  public static List<Problem> of(ScenarioModel model, SettingsRegistry registry) {
    List<Problem> out = new ArrayList<>();
    for (Lock lock : model.locks()) {
      checkLock(lock, registry, out);
    }
    model.defaults().forEach((k, v) -> checkDefault(k, v, "", registry, out));
    for (Map.Entry<String, Map<String, String>> p : model.presets().entrySet()) {
      if (!PRESET.matcher(p.getKey()).matches()) {
        out.add(Problem.fatal("@Default(preset = \"" + p.getKey() + "\"): a preset name is letters, digits, '-', '_' "
            + "or '.', as given in -Dinfermark.preset=NAME"));
      }
      p.getValue().forEach((k, v) -> checkDefault(k, v, p.getKey(), registry, out));
    }
    for (Class<?> typed : model.typedSettings()) {
      for (String p : TypedSettings.problems(typed, registry)) {
        out.add(Problem.fatal("@Workload parameter " + typed.getSimpleName() + ": " + p));
      }
    }
    for (var p : model.params().entrySet()) {
      String setting = p.getKey().getAnnotation(dev.infermark.annotations.Param.class).setting();
      if (!setting.isBlank()) {
        String at = "@Param(setting = \"" + setting + "\") on " + p.getKey().getName();
        known(setting, at, registry, out).ifPresent(k -> p.getValue().forEach(v -> parses(k, v, at, out)));
      }
    }
    Set<String> ids = new HashSet<>();
    for (SloSpec slo : model.slos()) {
      out.addAll(checkSlo(slo));
      if (!ids.add(slo.id())) {
        out.add(Problem.fatal("@Slo " + slo.displayName() + " is declared twice"));
      }
    }
    out.sort(java.util.Comparator.comparing(Problem::level));
    return List.copyOf(out);
  }

  /** The fatal problems of {@code model} as one exception, or nothing. */
  public static Optional<InvalidScenarioException> fatal(ScenarioModel model, SettingsRegistry registry) {
    List<String> fatal = of(model, registry).stream().filter(Problem::fatal).map(Problem::message).toList();
    return fatal.isEmpty() ? Optional.empty() : Optional.of(new InvalidScenarioException(model.type(), fatal));
  }

  private static void checkLock(Lock lock, SettingsRegistry registry, List<Problem> out) {
    String at = "@Locked(key = \"" + lock.key() + "\")";
    Optional<SettingKey<?>> key = known(lock.key(), at, registry, out);
    for (String other : lock.orKeys()) {
      known(other, at + " orKeys", registry, out);
    }
    if (key.isPresent()) {
      lock.value().ifPresent(v -> parses(key.get(), v, at + " value", out));
      lock.anyOf().forEach(v -> parses(key.get(), v, at + " anyOf", out));
    }
    lock.min().ifPresent(v -> number(v, at + " min", out));
    lock.max().ifPresent(v -> number(v, at + " max", out));
  }

  private static void checkDefault(String name, String value, String preset, SettingsRegistry registry, List<Problem> out) {
    String at = "@Default(" + (preset.isEmpty() ? "" : "preset = \"" + preset + "\", ") + "key = \"" + name + "\")";
    if (name.startsWith(SettingsRegistry.PARAM_PREFIX)) {
      out.add(Problem.fatal(at + ": @Param values are declared on the field (@Param({...})), not as defaults"));
      return;
    }
    known(name, at, registry, out).ifPresent(k -> parses(k, value, at, out));
  }

  /** The key {@code name} names; {@code extra-inputs.FIELD} names a field of {@code extra-inputs} (any JSON value). */
  private static Optional<SettingKey<?>> known(String name, String at, SettingsRegistry registry, List<Problem> out) {
    if (name.startsWith(EXTRA) && name.length() > EXTRA.length()) {
      return Optional.empty();
    }
    Optional<SettingKey<?>> k = registry.find(name);
    if (k.isEmpty()) {
      String hint = registry.closest(name).map(c -> "; did you mean \"" + c + "\"?").orElse("");
      out.add(Problem.fatal(at + ": unknown setting infermark." + name + hint
          + " (the known settings are listed in docs/settings.md)"));
    }
    return k;
  }

  private static void parses(SettingKey<?> key, String value, String at, List<Problem> out) {
    try {
      key.parse(value);
    } catch (IllegalArgumentException e) {
      out.add(Problem.fatal(at + ": " + e.getMessage()));
    }
  }

  private static void number(String value, String at, List<Problem> out) {
    try {
      Double.parseDouble(value.trim());
    } catch (NumberFormatException notNumber) {
      try {
        SettingKey.parseDuration(value);
      } catch (IllegalArgumentException e) {
        out.add(Problem.fatal(at + ": '" + value + "' is neither a number nor a duration"));
      }
    }
  }

  /** What is wrong with one {@code @Slo}, as problems of its scenario. */
  private static List<Problem> checkSlo(SloSpec slo) {
    List<Problem> out = new ArrayList<>();
    String at = "@Slo(" + (slo.tier().isBlank() ? "" : "tier = \"" + slo.tier() + "\", ") + "metric = \"" + slo.metric()
        + "\", stat = \"" + slo.stat() + "\")";
    if (slo.metric().isBlank()) {
      out.add(Problem.fatal(at + ": the metric is empty"));
      return out;
    }
    if (!SloNames.isStat(slo.stat())) {
      String hint = switch (slo.stat()) {
        case "mean", "average" -> "avg";
        case "median" -> "p50";
        case "stddev", "sd" -> "std";
        default -> SettingsRegistry.closest(slo.stat(), SloNames.STATS, 2).orElse(null);
      };
      out.add(Problem.fatal(at + ": unknown statistic '" + slo.stat() + "'"
          + (hint == null ? "" : "; did you mean '" + hint + "'?") + " Statistics: value, avg, min, max, std, count, "
          + "p1 ... p99."));
    }
    if (!Double.isNaN(slo.min()) && !Double.isNaN(slo.max()) && slo.min() > slo.max()) {
      out.add(Problem.fatal(at + ": min " + SloSpec.fmt(slo.min()) + " is above max " + SloSpec.fmt(slo.max())
          + ", so it can never pass"));
    }
    Optional<MetricDef> k = SloNames.metric(slo.metric());
    if (k.isEmpty()) {
      Optional<String> near = SettingsRegistry.closest(slo.metric(), SloNames.metricNames(), 2);
      if (near.isPresent()) {
        out.add(Problem.fatal(at + ": unknown metric '" + slo.metric() + "'; did you mean '" + near.get()
            + "'? (A scenario's own metric needs a name of its own.)"));
      } else if (Metric.ofTag(slo.metric()).isPresent()) {
        out.add(Problem.note(at + ": " + slo.metric() + " is a methodology's metric (Metric."
            + Metric.ofTag(slo.metric()).get() + "), but no MetricCatalog on the class path defines it (is the "
            + "methodology's module missing?); the check fails as not measured unless the load generator reports it"));
      } else {
        out.add(Problem.note(at + ": '" + slo.metric() + "' is not a metric infermark's generators report; "
            + "the scenario's load generator must report it, or the check fails as not measured"));
      }
      return out;
    }
    MetricDef m = k.get();
    if (m.distribution() && slo.stat().equals("value")) {
      out.add(Problem.fatal(at + ": " + m.tag() + " is a distribution; give a statistic, e.g. stat = Stat.P95"));
    } else if (!m.distribution() && !slo.stat().equals("value") && SloNames.isStat(slo.stat())) {
      out.add(Problem.fatal(at + ": " + m.tag() + " is a single value, not a distribution; leave stat out "
          + "(it is Stat.VALUE)"));
    }
    String unit = slo.unit().trim().toLowerCase(Locale.ROOT);
    if (!unit.isEmpty() && !unit.equalsIgnoreCase(m.unit())
        && !(SloNames.isTimeUnit(unit) && SloNames.isTimeUnit(m.unit().toLowerCase(Locale.ROOT)))) {
      out.add(Problem.fatal(at + ": unit '" + slo.unit() + "' does not fit " + m.tag() + ", measured in "
          + (m.unit().isEmpty() ? "no unit" : m.unit()) + (SloNames.isTimeUnit(m.unit()) ? " (use s, ms, us or ns)"
          : " (leave unit out, or use '" + m.unit() + "')")));
    }
    if (!slo.tier().isBlank() && !m.perTier()) {
      out.add(Problem.warning(at + ": infermark's generators report " + m.tag() + " for the whole run, "
          + "never per tier, so this check fails as not measured unless the scenario's load generator reports it per tier"));
    } else if (slo.tier().isBlank() && !m.perRun()) {
      out.add(Problem.warning(at + ": infermark's generators report " + m.tag() + " only per SLO tier "
          + "(give tier = \"...\"), so this check fails as not measured unless the scenario's load generator reports it"));
    }
    return out;
  }
}
