package dev.infermark.sweep;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Locale;

import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;

/**
 * A setting that a sweep or a search varies: a numeric setting (its name without
 * {@code infermark.}), whole-numbered ({@code concurrency}) or not ({@code request-rate}). Sweeps and
 * searches know nothing else of it: each point is a run with the setting set to one value.
 *
 * @param name the setting's name
 * @param integral whether its values are whole numbers
 */
public record SweptSetting(String name, boolean integral) {
  /**
   * The load settings a list of values sweeps when given on the command line or as a setting
   * ({@code --concurrency 1,2,4,8}), as AIPerf does: those of them the registry knows.
   */
  public static final List<String> LOAD = List.of("concurrency", "request-rate");

  /**
   * The setting named {@code name}.
   *
   * @throws IllegalArgumentException when no key has that name or its values are not numbers
   */
  public static SweptSetting of(String name, SettingsRegistry registry) {
    String n = name.strip();
    SettingKey<?> key = registry.find(n).orElseThrow(() -> new IllegalArgumentException("no setting infermark." + n
        + registry.closest(n).map(c -> " (did you mean " + c + "?)").orElse("")));
    Type t = key.type();
    if (t instanceof ParameterizedType p && p.getRawType() == List.class) {
      t = p.getActualTypeArguments()[0]; // a list setting (concurrency): each point sets one value
    }
    if (t == Integer.class || t == Long.class) {
      return new SweptSetting(n, true);
    }
    if (t == Double.class) {
      return new SweptSetting(n, false);
    }
    throw new IllegalArgumentException("infermark." + n + " cannot be swept or searched: its values are not numbers");
  }

  /** A value as the setting's text ({@code 8}, {@code 2.5}). */
  public String format(double v) {
    return integral ? Long.toString(Math.round(v)) : plain(v);
  }

  /**
   * A value from its text.
   *
   * @throws IllegalArgumentException naming the setting
   */
  public double parse(String text) {
    try {
      double v = Double.parseDouble(text.strip());
      if (integral && v != Math.rint(v)) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("infermark." + name + ": '" + text + "' is not a" + (integral ? " whole" : "")
          + " number");
    }
  }

  /** A number without a trailing {@code .0}. */
  static String plain(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return String.format(Locale.ROOT, "%.6g", v).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
  }
}
