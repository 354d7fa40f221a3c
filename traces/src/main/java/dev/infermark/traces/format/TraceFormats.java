package dev.infermark.traces.format;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

import dev.infermark.api.RunContext;
import dev.infermark.hub.HfHub;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.corpus.CorpusKeys;
import dev.infermark.traces.corpus.CorpusLoader;

/**
 * The trace formats on the class path ({@link ServiceLoader}) and the one way a scenario loads the run's dataset:
 * {@link #load(MethodologyContext)} reads {@code input-file} with the format {@code custom-dataset-type} names, or
 * the one that recognizes the file; without an {@code input-file}, the public Weka corpora ({@code public-dataset},
 * {@code hf-weka-dataset}).
 */
public final class TraceFormats {
  /** The format of a Weka trace file, folder or JSON lines file; also the public corpora's. */
  public static final String WEKA = "weka_trace";

  private TraceFormats() {}

  /** Every format on the class path, by name. */
  public static List<TraceFormat> available() {
    Map<String, TraceFormat> byName = new LinkedHashMap<>();
    for (TraceFormat f : ServiceLoader.load(TraceFormat.class, Thread.currentThread().getContextClassLoader())) {
      byName.putIfAbsent(f.name(), f);
    }
    return byName.values().stream().sorted(Comparator.comparing(TraceFormat::name)).toList();
  }

  /**
   * The format named so ({@code custom-dataset-type}), by name or alias, in any case.
   *
   * @throws IllegalArgumentException naming the setting, with a did-you-mean and the known names
   */
  public static TraceFormat named(String name) {
    String n = name.strip().toLowerCase(Locale.ROOT);
    List<TraceFormat> all = available();
    for (TraceFormat f : all) {
      if (f.name().equals(n) || f.aliases().contains(n)) {
        return f;
      }
    }
    List<String> known = new ArrayList<>();
    all.forEach(f -> {
      known.add(f.name());
      known.addAll(f.aliases());
    });
    throw new IllegalArgumentException(TraceKeys.CUSTOM_DATASET_TYPE.property() + ": unknown format '" + name + "'"
        + SettingsRegistry.closest(n, known, Math.max(2, n.length() / 3))
            .or(() -> known.stream().filter(k -> !n.isEmpty() && (k.startsWith(n) || n.startsWith(k))).findFirst())
            .map(c -> " (did you mean '" + c + "'?)").orElse("")
        + "; known: " + String.join(", ", known));
  }

  /**
   * The one format that recognizes the file.
   *
   * @throws IllegalArgumentException when none does (naming the known formats), or several do (naming them: set
   *     {@code custom-dataset-type})
   */
  public static TraceFormat detect(TraceFile file) {
    List<TraceFormat> all = available();
    List<TraceFormat> yes = all.stream().filter(f -> f.recognizes(file)).toList();
    if (yes.size() == 1) {
      return yes.getFirst();
    }
    if (yes.isEmpty() && file.invalidJson() != null) {
      throw new IllegalArgumentException(Keys.INPUT_FILE.property() + "=" + file.path() + ": " + file.invalidJson());
    }
    if (yes.isEmpty()) {
      throw new IllegalArgumentException(Keys.INPUT_FILE.property() + "=" + file.path() + ": no known format recognizes it"
          + " (first line: " + abbreviated(file.firstLine()) + "); set " + TraceKeys.CUSTOM_DATASET_TYPE.property()
          + " to one of " + String.join(", ", all.stream().map(TraceFormat::name).toList()));
    }
    throw new IllegalArgumentException(Keys.INPUT_FILE.property() + "=" + file.path() + " could be "
        + String.join(" or ", yes.stream().map(TraceFormat::name).toList()) + ": set "
        + TraceKeys.CUSTOM_DATASET_TYPE.property() + " to the one it is");
  }

  /** The format of the file: the one {@code custom-dataset-type} names, else the one that recognizes it. */
  public static TraceFormat of(Settings settings, TraceFile file) {
    String type = settings.get(TraceKeys.CUSTOM_DATASET_TYPE);
    return type == null || type.isBlank() ? detect(file) : named(type);
  }

  /**
   * The run's dataset, in the replay model: {@code input-file} read by its format (see {@link #of}), or the public
   * Weka corpus {@code public-dataset} / {@code hf-weka-dataset} names. Every scenario that plays a dataset file
   * loads it so.
   *
   * @throws IllegalArgumentException naming the setting, file, row or field of bad input; or when {@code ctx} is not
   *     infermark's harness context
   */
  public static Corpus load(RunContext ctx) {
    if (!(ctx instanceof MethodologyContext m)) {
      throw new IllegalArgumentException("loading a dataset needs infermark's harness context (a MethodologyContext), got "
          + ctx.getClass().getName());
    }
    return load(m.settings(), m.hub(), m.tokenizer(), m.seed());
  }

  /** {@link #load(RunContext)} with its parts. */
  public static Corpus load(Settings settings, HfHub hub, Tokenizer tokenizer, long seed) {
    String input = settings.get(Keys.INPUT_FILE);
    String type = settings.get(TraceKeys.CUSTOM_DATASET_TYPE);
    if (input == null || input.isBlank()) {
      if (type != null && !type.isBlank() && !named(type).name().equals(WEKA)) {
        throw new IllegalArgumentException(TraceKeys.CUSTOM_DATASET_TYPE.property() + "=" + type + " reads a file: set "
            + Keys.INPUT_FILE.property() + " (" + Keys.PUBLIC_DATASET.property() + " and "
            + CorpusKeys.HF_WEKA_DATASET.property() + " are Weka corpora)");
      }
      return CorpusLoader.load(settings, hub, tokenizer, seed);
    }
    for (var other : List.of(Keys.PUBLIC_DATASET, CorpusKeys.HF_WEKA_DATASET)) {
      String v = settings.get(other);
      if (v != null && !v.isBlank()) {
        throw new IllegalArgumentException("choose one dataset: " + Keys.INPUT_FILE.property() + "=" + input + " and "
            + other.property() + "=" + v + " are both set");
      }
    }
    Path path = Path.of(input.strip());
    if (!Files.exists(path)) {
      throw new IllegalArgumentException(Keys.INPUT_FILE.property() + ": " + path + " does not exist");
    }
    TraceFile file = new TraceFile(path);
    TraceFormat format = of(settings, file);
    try {
      return format.load(file, new TraceLoad(settings, tokenizer, seed, hub));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + " as " + format.name() + ": " + e.getMessage(), e);
    }
  }

  private static String abbreviated(String s) {
    return s.isEmpty() ? "none" : s.length() > 80 ? s.substring(0, 80) + "..." : s;
  }
}
