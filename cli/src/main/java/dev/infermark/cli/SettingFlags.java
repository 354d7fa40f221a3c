package dev.infermark.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.infermark.json.Json;
import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingKey;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every setting of the key catalogs as a flag of {@code infermark profile}: {@code --NAME} (the
 * setting's name is AIPerf's flag name), AIPerf's other spellings of it ({@code -m},
 * {@code --model-names}, {@code --output-artifact-dir}, ...), and {@code --no-NAME} for a boolean.
 * Reads the parsed flags back into setting texts, as {@code -Dinfermark.NAME} would give them.
 */
final class SettingFlags {
  /**
   * AIPerf spellings of our settings that are not on the setting's own line of AIPerf's option list:
   * the same setting under another name.
   */
  private static final Map<String, String> RENAMED = Map.of(
      "--request-timeout-seconds", "request-timeout",  // AIPerf: seconds; ours: a duration, plain numbers are seconds
      "--accuracy-benchmark", "scenario");             // the accuracy scenarios carry AIPerf's benchmark names

  /** AIPerf's negations that are not {@code --no-NAME}. */
  private static final Map<String, String> NEGATIONS = Map.of("--accuracy-no-enable-cot", "accuracy-enable-cot");

  /** One setting as a flag. */
  record Flag(SettingKey<?> key, KeyCatalog catalog, List<String> names, Optional<String> negation) {
    String primary() {
      return names.getFirst();
    }
  }

  private final List<Flag> flags = new ArrayList<>();
  private final Map<OptionSpec, Flag> byOption = new LinkedHashMap<>();
  private final Map<OptionSpec, Flag> byNegation = new LinkedHashMap<>();

  SettingFlags(List<KeyCatalog> catalogs, AiperfFlags aiperf) {
    Map<String, SettingKey<?>> keys = new LinkedHashMap<>();
    catalogs.forEach(c -> c.keys().forEach(k -> keys.put(k.name(), k)));
    Map<String, String> aliases = new LinkedHashMap<>(aiperf.aliases(keys::containsKey));
    RENAMED.forEach((flag, name) -> {
      if (keys.containsKey(name)) {
        aliases.put(flag, name);
      }
    });
    for (KeyCatalog c : catalogs) {
      for (SettingKey<?> k : c.keys()) {
        List<String> names = new ArrayList<>();
        names.add("--" + k.name());
        aliases.forEach((alias, name) -> {
          if (name.equals(k.name())) {
            names.add(alias);
          }
        });
        Optional<String> negation = Optional.empty();
        if (ValueKind.of(k) == ValueKind.BOOLEAN) {
          negation = NEGATIONS.entrySet().stream().filter(e -> e.getValue().equals(k.name())).map(Map.Entry::getKey)
              .findFirst().or(() -> keys.containsKey("no-" + k.name()) || k.name().startsWith("no-")
                  ? Optional.empty() : Optional.of("--no-" + k.name()));
        }
        flags.add(new Flag(k, c, List.copyOf(names), negation));
      }
    }
  }

  List<Flag> flags() {
    return flags;
  }

  /** Adds one option per setting (and one per negation) to the command, each in its catalog's help section. */
  void addTo(CommandSpec spec) {
    for (Flag f : flags) {
      SettingKey<?> k = f.key();
      StringBuilder d = new StringBuilder(k.doc());
      if (k.defaultText() != null) {
        d.append(" Default: ").append(k.defaultText().isEmpty() ? "(empty)" : k.defaultText()).append('.');
      }
      if (ValueKind.of(k).multiValued()) {
        d.append(" Repeat the flag or give several values to add more.");
      }
      f.negation().ifPresent(n -> d.append(' ').append(n).append(" sets it to false."));
      OptionSpec.Builder b = OptionSpec.builder(f.names().toArray(String[]::new))
          .type(List.class).auxiliaryTypes(String.class)
          .paramLabel(ValueKind.of(k).label())
          .description(d.toString().replace("%", "%%")); // picocli formats descriptions
      switch (ValueKind.of(k)) {
        case BOOLEAN -> b.arity("0..1").fallbackValue("true");
        case LIST, JSON_OBJECT -> b.arity("1..*");
        default -> b.arity("1");
      }
      if (k == Keys.SCENARIO) {
        b.completionCandidates(new ScenarioNames());
      } else if (k == Keys.PRESET) {
        b.completionCandidates(ScenarioNames.presets());
      }
      OptionSpec o = b.build();
      spec.addOption(o);
      byOption.put(o, f);
      if (f.negation().isPresent()) {
        OptionSpec n = OptionSpec.builder(f.negation().get()).arity("0").type(boolean.class).hidden(true)
            .description("Sets --" + k.name() + " to false.").build();
        spec.addOption(n);
        byNegation.put(n, f);
      }
    }
  }

  /** The visible options of one catalog, in catalog order (for the help section of that catalog). */
  List<OptionSpec> options(KeyCatalog catalog) {
    return byOption.entrySet().stream().filter(e -> e.getValue().catalog() == catalog).map(Map.Entry::getKey).toList();
  }

  /**
   * The settings the parsed flags give, {@code NAME -> text} as {@code -Dinfermark.NAME=text}
   * would: repeated flags and several values of a list join with commas (several JSON objects
   * merge), and every value is parsed once so a bad one fails here, naming its flag.
   *
   * @param problems receives one message per flag that cannot be used
   */
  Map<String, String> values(ParseResult parsed, List<String> problems) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<OptionSpec, Flag> e : byOption.entrySet()) {
      Flag f = e.getValue();
      boolean given = parsed.hasMatchedOption(e.getKey());
      boolean negated = byNegation.entrySet().stream()
          .anyMatch(n -> n.getValue() == f && parsed.hasMatchedOption(n.getKey()));
      if (given && negated) {
        problems.add(f.primary() + " and " + f.negation().orElseThrow() + " are both given");
        continue;
      }
      if (negated) {
        out.put(f.key().name(), "false");
        continue;
      }
      if (!given) {
        continue;
      }
      List<String> raw = e.getKey().getValue();
      text(f, raw, problems).ifPresent(t -> out.put(f.key().name(), t));
    }
    return out;
  }

  private static Optional<String> text(Flag f, List<String> raw, List<String> problems) {
    SettingKey<?> k = f.key();
    String text;
    switch (ValueKind.of(k)) {
      case LIST -> {
        List<String> parts = new ArrayList<>();
        for (String v : raw) {
          // AIPerf takes goodput as space-separated KEY:VALUE pairs in one argument.
          parts.addAll(k.name().equals("goodput") ? List.of(v.strip().split("\\s+")) : List.of(v));
        }
        text = String.join(",", parts);
      }
      case JSON_OBJECT -> {
        if (raw.size() == 1) {
          text = raw.getFirst();
        } else {
          ObjectNode merged = Json.object();
          for (String v : raw) {
            try {
              merged.setAll((ObjectNode) k.parse(v));
            } catch (IllegalArgumentException bad) {
              problems.add(flagMessage(f, bad));
              return Optional.empty();
            }
          }
          text = merged.toString();
        }
      }
      case URL -> {
        if (raw.size() > 1) {
          problems.add(f.primary() + " is given " + raw.size() + " times (" + String.join(", ", raw) + "); it takes one URL");
          return Optional.empty();
        }
        text = raw.getFirst();
      }
      default -> {
        if (raw.size() > 1) {
          problems.add(f.primary() + " is given " + raw.size() + " times (" + String.join(", ", raw) + "); it takes one value");
          return Optional.empty();
        }
        text = raw.getFirst();
      }
    }
    try {
      k.parse(text);
    } catch (IllegalArgumentException bad) {
      problems.add(flagMessage(f, bad));
      return Optional.empty();
    }
    return Optional.of(text);
  }

  /** {@code infermark.NAME: cannot use 'x': ...} as {@code --NAME: cannot use 'x': ...}. */
  private static String flagMessage(Flag f, IllegalArgumentException e) {
    String m = e.getMessage();
    String prefix = f.key().property() + ":";
    return m.startsWith(prefix) ? f.primary() + ":" + m.substring(prefix.length()) : f.primary() + ": " + m;
  }
}
