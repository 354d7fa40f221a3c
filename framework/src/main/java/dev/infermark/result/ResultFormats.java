package dev.infermark.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;

/**
 * The result formats a run writes: those on the class path ({@link ServiceLoader}), narrowed by
 * {@code infermark.result-formats}. {@link #write} runs each that applies: the plain ones first
 * (in name order, the console table first of all), then the {@linkplain ResultFormat#derived()
 * derived} ones, which read what the others wrote.
 */
public final class ResultFormats {
  /** The console table's format name. */
  public static final String CONSOLE = "console";

  private final List<ResultFormat> formats;

  private ResultFormats(List<ResultFormat> formats) {
    this.formats = List.copyOf(formats);
  }

  /** What {@link #write} returned: console lines of the plain formats, then the derived formats' lines and warnings. */
  public record Written(List<String> lines, List<String> derivedLines) {}

  /** Every format on the class path, by name: console first, then in name order, derived ones last. */
  public static List<ResultFormat> available() {
    Map<String, ResultFormat> byName = new LinkedHashMap<>();
    for (ResultFormat f : ServiceLoader.load(ResultFormat.class, Thread.currentThread().getContextClassLoader())) {
      byName.putIfAbsent(f.name(), f);
    }
    return byName.values().stream().sorted(Comparator.comparing((ResultFormat f) -> f.derived())
        .thenComparing(f -> !f.name().equals(CONSOLE)).thenComparing(ResultFormat::name)).toList();
  }

  /** Every format on the class path (each writes when it applies). */
  public static ResultFormats all() {
    return new ResultFormats(available());
  }

  /**
   * The formats {@code infermark.result-formats} names, or all when it is empty.
   *
   * @throws IllegalArgumentException naming the setting, each unknown name with a did-you-mean, and the known names
   */
  public static ResultFormats of(Settings settings) {
    return named(settings.get(Keys.RESULT_FORMATS));
  }

  /** The formats named (all when {@code names} is empty); see {@link #of(Settings)}. */
  public static ResultFormats named(List<String> names) {
    List<ResultFormat> available = available();
    if (names == null || names.isEmpty()) {
      return new ResultFormats(available);
    }
    List<String> known = available.stream().map(ResultFormat::name).toList();
    List<String> wanted = names.stream().map(n -> n.trim().toLowerCase(Locale.ROOT)).filter(n -> !n.isEmpty()).toList();
    List<String> problems = new ArrayList<>();
    for (String n : wanted) {
      if (!known.contains(n)) {
        problems.add("'" + n + "'" + SettingsRegistry.closest(n, known, Math.max(2, n.length() / 3))
            .map(c -> " (did you mean '" + c + "'?)").orElse(""));
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(Keys.RESULT_FORMATS.property() + ": unknown result format "
          + String.join(", ", problems) + "; known: " + String.join(", ", known));
    }
    return new ResultFormats(available.stream().filter(f -> wanted.contains(f.name())).toList());
  }

  /** The selected formats, in the order they write. */
  public List<ResultFormat> formats() {
    return formats;
  }

  /**
   * Writes every selected format that applies to {@code results}.
   *
   * @throws UncheckedIOException when a plain format failed (after the others were tried), naming
   *     each format and its error; a derived format's failure is a warning line instead
   */
  public Written write(RunResults results) {
    List<String> lines = new ArrayList<>();
    List<String> derivedLines = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    IOException first = null;
    for (ResultFormat f : formats) {
      if (f.derived() || !f.appliesTo(results)) {
        continue;
      }
      try {
        f.write(results, lines::add);
      } catch (IOException | RuntimeException e) {
        failures.add(f.name() + ": " + e.getMessage());
        first = first != null ? first : e instanceof IOException io ? io : new IOException(e);
      }
    }
    if (first != null) {
      throw new UncheckedIOException("cannot write the results into " + results.runDir() + ": "
          + String.join("; ", failures), first);
    }
    for (ResultFormat f : formats) {
      if (!f.derived() || !f.appliesTo(results)) {
        continue;
      }
      try {
        f.write(results, derivedLines::add);
      } catch (Exception | LinkageError e) {
        derivedLines.add("infermark: WARNING " + f.description() + " was not written into " + results.runDir() + ": " + e);
      }
    }
    return new Written(List.copyOf(lines), List.copyOf(derivedLines));
  }
}
