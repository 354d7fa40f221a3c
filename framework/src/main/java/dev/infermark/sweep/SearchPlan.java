package dev.infermark.sweep;

import java.lang.reflect.Field;
import java.util.Locale;
import java.util.Optional;

import dev.infermark.annotations.Param;
import dev.infermark.annotations.Search;
import dev.infermark.lock.Lock;
import dev.infermark.scenario.ScenarioModel;

import dev.infermark.slo.SloSpec;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;

/**
 * One run's SLA search as its settings and the scenario's {@link Search} describe it, checked at
 * discovery: the searched setting (a number the run's load generator reads), its space, the
 * precision, growth factor and probe limit.
 *
 * @param setting the searched setting
 * @param from the first (and smallest) value tried
 * @param to the largest value tried
 * @param precision when the bisection stops
 * @param growthFactor the exponential stage's factor
 * @param maxIterations the most probes, 0 for no limit
 */
public record SearchPlan(SweptSetting setting, double from, double to, Precision precision, double growthFactor,
    int maxIterations) {
  /** The one style: growth then bisection, as AIPerf's {@code monotonic}. */
  public static final String STYLE = "monotonic";

  /** The search these settings make. */
  public LimitSearch search() {
    return new LimitSearch(from, growthFactor, to, precision, setting.integral(), false, maxIterations);
  }

  /** {@code concurrency in [1, 1024], precision 1, growth x2}. */
  public String describe() {
    return setting.name() + " in [" + setting.format(from) + ", " + setting.format(to) + "], precision " + precision
        + ", growth x" + SweptSetting.plain(growthFactor) + (maxIterations > 0 ? ", at most " + maxIterations + " probes" : "");
  }

  /**
   * The run's search, or empty when neither {@code infermark.search-space} nor {@code @Search} asks for one.
   *
   * @throws IllegalArgumentException naming the setting or annotation that cannot be honoured
   */
  public static Optional<SearchPlan> of(ScenarioModel model, Settings s, SettingsRegistry registry) {
    Search a = model.type().getAnnotation(Search.class);
    String space = s.get(SearchKeys.SEARCH_SPACE);
    if ((space == null || space.isBlank()) && a == null) {
      return Optional.empty();
    }
    String style = s.get(SearchKeys.SEARCH_STYLE).strip().toLowerCase(Locale.ROOT);
    if (!style.equals(STYLE)) {
      throw new IllegalArgumentException(SearchKeys.SEARCH_STYLE + "=" + style + " is not supported: infermark searches "
          + "monotonic (growth, then bisection; AIPerf's monotonic style)");
    }
    String where = space != null && !space.isBlank() ? SearchKeys.SEARCH_SPACE.property() : "@Search";
    SweptSetting setting;
    double from;
    double to;
    try {
      if (space != null && !space.isBlank()) {
        String[] parts = parseSpace(space);
        setting = SweptSetting.of(parts[0], registry);
        from = setting.parse(parts[1]);
        to = setting.parse(parts[2]);
      } else {
        setting = SweptSetting.of(a.setting(), registry);
        from = a.from();
        to = a.to();
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
    String precisionText = s.get(SearchKeys.SEARCH_PRECISION);
    if (precisionText == null && a != null && !a.precision().isBlank()) {
      precisionText = a.precision();
    }
    Precision precision;
    try {
      precision = precisionText == null ? (setting.integral() ? new Precision(1, false) : new Precision(0.05, true))
          : Precision.parse(precisionText);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SearchKeys.SEARCH_PRECISION + ": " + e.getMessage(), e);
    }
    Double factor = s.get(SearchKeys.SEARCH_GROWTH_FACTOR);
    Integer max = s.get(SearchKeys.SEARCH_MAX_ITERATIONS);
    SearchPlan plan;
    try {
      plan = new SearchPlan(setting, from, to, precision, factor != null ? factor : a != null ? a.growthFactor() : 2,
          max != null ? max : a != null ? a.maxIterations() : 0);
      plan.search(); // checks the numbers
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + " (" + setting.name() + " from " + setting.format(from) + " to "
          + setting.format(to) + "): " + e.getMessage(), e);
    }
    String name = setting.name();
    if (s.isExplicit(name)) {
      throw new IllegalArgumentException("infermark." + name + "=" + s.text(name).orElse("") + " is given, but the search ("
          + where + ") varies it: unset infermark." + name);
    }
    for (Field f : model.params().keySet()) {
      if (f.getAnnotation(Param.class).setting().equals(name)) {
        throw new IllegalArgumentException("the @Param field " + f.getName() + " sweeps infermark." + name + ", which the "
            + "search (" + where + ") varies: search another setting or drop one of them");
      }
    }
    for (Lock l : model.locks()) {
      if (l.key().equals(name)) {
        throw new IllegalArgumentException(model.name() + " locks infermark." + name + ": it cannot be searched (" + where + ")");
      }
    }
    if (model.slos(s).stream().noneMatch(SearchPlan::judgesARun)) {
      throw new IllegalArgumentException("the search (" + where + ") has nothing to pass: give the scenario an @Slo, or set "
          + SearchKeys.SEARCH_SLA + " (e.g. time_to_first_token:p95:lt:200)");
    }
    return Optional.of(plan);
  }

  /** An objective a run is judged by (not one of a methodology's tiers, which its own search judges). */
  static boolean judgesARun(SloSpec slo) {
    return slo.tier().isBlank();
  }

  /** {@code concurrency:1,1024} or AIPerf's {@code phases.profiling.concurrency:1,1000:int} as setting, from, to. */
  static String[] parseSpace(String text) {
    String t = text.strip();
    String[] parts = t.split(":");
    if (parts.length == 3 && (parts[2].strip().equals("int") || parts[2].strip().equals("float"))) {
      parts = new String[] {parts[0], parts[1]};
    }
    String[] range = parts.length == 2 ? parts[1].split(",") : new String[0];
    if (range.length != 2) {
      throw new IllegalArgumentException("'" + text + "' is not SETTING:FROM,TO (e.g. concurrency:1,1024)");
    }
    String name = parts[0].strip();
    if (name.startsWith("phases.profiling.")) {
      name = name.substring("phases.profiling.".length()); // AIPerf's config path of the same setting
    }
    return new String[] {name.replace('_', '-'), range[0].strip(), range[1].strip()};
  }
}
