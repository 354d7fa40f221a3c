package dev.infermark.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code infermark profile [--scenario NAME] [--FLAG VALUE]...}: runs a scenario with every setting as
 * a flag named as AIPerf names it; without {@code --scenario}, the generic chat benchmark ({@value #DEFAULT_SCENARIO}),
 * as {@code aiperf profile} runs one, or {@code trace-replay} for a trace on the command line ({@link DatasetScenario}).
 * Built from the key catalogs on the class path, so a user's own catalog ({@code --scenario-jar}) adds its flags too.
 */
final class ProfileCommand implements Callable<Integer> {
  /** Usage errors: unknown or unsupported flags, bad values, an unknown scenario. */
  static final int USAGE = 2;

  /** What runs without {@code --scenario}: the synthetic chat benchmark (module scenarios-chat), as aiperf profile's. */
  static final String DEFAULT_SCENARIO = "chat";

  /** AIPerf flags asking for what infermark always does: accepted, and said so. */
  static final Map<String, String> ALREADY_SO = Map.of(
      "--no-gpu-telemetry", "infermark collects no GPU telemetry, so there is none to turn off");

  /**
   * Fields of an OpenAI request body that a flag name may mean: they are given with
   * {@code --extra-inputs}, as in AIPerf.
   */
  static final List<String> REQUEST_FIELDS = List.of("max_tokens", "max_completion_tokens", "min_tokens", "temperature",
      "top_p", "top_k", "stop", "seed", "ignore_eos", "presence_penalty", "frequency_penalty", "repetition_penalty");

  private final List<KeyCatalog> catalogs;
  private final SettingFlags flags;
  private final AiperfFlags aiperf;
  private final PrintStream out;
  private final PrintStream err;
  private final List<OptionSpec> commandOptions = new ArrayList<>();
  private final Map<String, OptionSpec> alreadySo = new LinkedHashMap<>();
  private OptionSpec params;
  private PositionalParamSpec models;
  private CommandLine commandLine;

  private ProfileCommand(List<KeyCatalog> catalogs, AiperfFlags aiperf, PrintStream out, PrintStream err) {
    this.catalogs = catalogs;
    this.flags = new SettingFlags(catalogs, aiperf);
    this.aiperf = aiperf;
    this.out = out;
    this.err = err;
  }

  /** The command, with one flag per setting of the catalogs the context class loader sees. */
  static CommandLine create(PrintStream out, PrintStream err) {
    List<KeyCatalog> catalogs = SettingsRegistry.catalogs(Thread.currentThread().getContextClassLoader());
    ProfileCommand cmd = new ProfileCommand(catalogs, AiperfFlags.load(), out, err);
    CommandSpec spec = CommandSpec.wrapWithoutInspection(cmd);
    spec.name("profile");
    spec.usageMessage()
        .customSynopsis("infermark profile [MODEL] [--scenario NAME] [--FLAG [VALUE]...]...")
        .description(
            "Runs one scenario (a built-in one, or your own from --scenario-jar / --classpath) through the JUnit "
                + "Platform launcher, as mvn test -Dinfermark.scenario=NAME does: the same runs, checks, console output "
                + "and artifacts. Without --scenario it runs " + DEFAULT_SCENARIO + ", the synthetic chat benchmark "
                + "(--isl, --osl, --request-rate, ...), as aiperf profile does, or on a conversation file (--input-file); "
                + "a trace (an --input-file of recorded requests: Mooncake, BurstGPT, inputs.json, ...; or "
                + "--fixed-schedule) runs trace-replay.",
            "Every setting is a flag named as AIPerf names it, so an `aiperf profile` command line runs with aiperf "
                + "replaced by infermark; an AIPerf flag infermark does not support fails, named. A flag is "
                + "-Dinfermark.NAME (docs/settings.md) and wins over the INFERMARK_NAME environment variable.")
        .footerHeading("%nExit status:%n")
        .footer("  0  every run and check passed (skipped checks included)",
            "  1  a run, an SLO, the error-rate check or the submission verdict failed",
            "  2  a usage error: an unknown or unsupported flag, a bad value, an unknown scenario",
            "", "See docs/cli.md.");
    spec.usageMessage().width(110);
    cmd.commandOptions.add(option(spec, OptionSpec.builder("--scenario-jar").paramLabel("<jar>").type(List.class)
        .auxiliaryTypes(String.class).description("A jar of your own scenario classes (and key catalogs) to run, "
            + "loaded in a class loader of its own. Repeatable.")));
    cmd.commandOptions.add(option(spec, OptionSpec.builder("--classpath", "-cp").paramLabel("<path>").type(List.class)
        .auxiliaryTypes(String.class).description("Folders and jars (separated by the path separator; dir/* is "
            + "every jar of dir) holding your scenarios and what they need, e.g. target/test-classes:target/classes. "
            + "Repeatable.")));
    cmd.params = option(spec, OptionSpec.builder("--param").paramLabel("FIELD=V1,V2").type(List.class)
        .auxiliaryTypes(String.class).description("Replaces a @Param field's values (infermark.param.FIELD). Repeatable."));
    cmd.commandOptions.add(cmd.params);
    cmd.models = PositionalParamSpec.builder().index("0..*").arity("0..*").paramLabel("MODEL").type(List.class)
        .auxiliaryTypes(String.class).description("AIPerf's positional model name(s), first on the line "
            + "(aiperf profile MODEL --url ...): the same as --model.").build();
    spec.addPositional(cmd.models);
    cmd.commandOptions.add(option(spec, OptionSpec.builder("-h", "--help").usageHelp(true).description("Shows this help.")));
    ALREADY_SO.keySet().forEach(f -> cmd.alreadySo.put(f,
        option(spec, OptionSpec.builder(f).arity("0").type(boolean.class).hidden(true))));
    cmd.flags.addTo(spec);

    CommandLine cl = new CommandLine(spec);
    cl.setUnmatchedArgumentsAllowed(true);
    cl.setUnmatchedOptionsAllowedAsOptionParameters(false);
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> String.format("%nOptions:%n"));
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, cmd::optionList);
    cmd.commandLine = cl;
    return cl;
  }

  private static OptionSpec option(CommandSpec spec, OptionSpec.Builder b) {
    OptionSpec o = b.build();
    spec.addOption(o);
    return o;
  }

  /** The command's own options, then one section of setting flags per key catalog. */
  private String optionList(Help help) {
    StringBuilder b = new StringBuilder();
    b.append(help.optionListExcludingGroups(commandOptions, help.createDefaultLayout(), null, help.parameterLabelRenderer()));
    for (KeyCatalog c : catalogs) {
      List<OptionSpec> options = flags.options(c);
      if (!options.isEmpty()) {
        b.append(String.format("%n%s settings (%s):%n", SettingsRegistry.title(c), c.getClass().getName()));
        b.append(help.optionListExcludingGroups(options, help.createDefaultLayout(), null, help.parameterLabelRenderer()));
      }
    }
    return b.toString();
  }

  @Override
  public Integer call() {
    List<String> problems = new ArrayList<>();
    Map<String, String> settings = settings(problems);
    if (!problems.isEmpty()) {
      problems.forEach(p -> err.println("infermark profile: " + p));
      err.println("infermark profile --help lists every flag; docs/cli.md says which AIPerf flags infermark does not support.");
      return USAGE;
    }
    String scenario = settings.get(Keys.SCENARIO.name());
    if (scenario == null || scenario.isBlank()) {
      String implied = DatasetScenario.implied(settings);
      scenario = implied != null ? implied : DEFAULT_SCENARIO;
      settings.put(Keys.SCENARIO.name(), scenario); // as --scenario NAME: the run records it, INFERMARK_SCENARIO gives way
      out.println(implied != null
          ? "infermark: no --scenario: running " + implied + " for the trace given, as aiperf profile replays it "
              + "(infermark list shows the others)"
          : "infermark: no --scenario: running " + DEFAULT_SCENARIO + (settings.containsKey(Keys.INPUT_FILE.name())
              ? ", the chat benchmark, on the conversations of the file given" : ", the synthetic chat benchmark")
              + ", as aiperf profile does (infermark list shows the others)");
    }
    ParseResult parsed = commandLine.getParseResult();
    alreadySo.forEach((flag, o) -> {
      if (parsed.hasMatchedOption(o)) {
        out.println("infermark: " + flag + ": " + ALREADY_SO.get(flag));
      }
    });
    Class<?> type;
    try {
      type = Scenarios.scan().find(scenario.strip());
    } catch (IllegalArgumentException e) {
      err.println("infermark profile: " + e.getMessage());
      return USAGE;
    }
    return ScenarioRun.run(type, settings, out);
  }

  /**
   * The settings the parsed command line gives ({@code NAME -> text}, {@code param.FIELD -> values}),
   * {@code --scenario} included.
   *
   * @param problems receives every usage error: unknown and unsupported flags, bad values, an empty
   *     {@code --scenario}
   */
  Map<String, String> settings(List<String> problems) {
    ParseResult parsed = commandLine.getParseResult();
    problems.addAll(unmatched(commandLine.getUnmatchedArguments()));
    Map<String, String> settings = flags.values(parsed, problems);
    positionalModels(parsed, settings, problems);
    if (parsed.hasMatchedOption(params)) {
      List<String> given = params.getValue();
      for (String p : given) {
        int eq = p.indexOf('=');
        if (eq <= 0) {
          problems.add("--param " + p + ": expected FIELD=V1,V2");
        } else {
          settings.put(SettingsRegistry.PARAM_PREFIX + p.substring(0, eq).strip(), p.substring(eq + 1));
        }
      }
    }
    String scenario = settings.get(Keys.SCENARIO.name());
    if (problems.isEmpty() && scenario != null && scenario.isBlank()) {
      problems.add("--scenario is empty: name the scenario to run (infermark list shows them), or leave it out for "
          + DEFAULT_SCENARIO);
    }
    return settings;
  }

  /**
   * AIPerf's positional model names ({@code aiperf profile MODEL --url ...}): the values before the
   * first flag are {@code model}. A value that follows a flag infermark does not know is that flag's
   * (the flag is the error); any other value no flag took is a stray one.
   */
  private void positionalModels(ParseResult parsed, Map<String, String> settings, List<String> problems) {
    if (!parsed.hasMatchedPositional(models)) {
      return;
    }
    List<String> left = new ArrayList<>(models.<List<String>>getValue());
    java.util.Set<String> unknownFlags = new java.util.HashSet<>();
    commandLine.getUnmatchedArguments().forEach(a -> unknownFlags.add(a));
    List<String> leading = new ArrayList<>();
    boolean flagSeen = false;
    boolean afterUnknownFlag = false;
    for (String a : parsed.originalArgs()) {
      if (a.startsWith("-") && !a.equals("-")) {
        flagSeen = true;
        afterUnknownFlag = unknownFlags.contains(a);
      } else if (left.remove(a)) {
        if (!flagSeen) {
          leading.add(a);
        } else if (!afterUnknownFlag) {
          problems.add("unexpected argument '" + a + "' (every setting is a --flag; a model name may come first, as in "
              + "infermark profile MODEL --url ...)");
        }
      }
    }
    if (leading.isEmpty()) {
      return;
    }
    if (settings.containsKey(Keys.MODEL.name())) {
      problems.add("the model is given twice: " + String.join(" ", leading) + " (first on the line) and --model "
          + settings.get(Keys.MODEL.name()));
    } else {
      settings.put(Keys.MODEL.name(), String.join(",", leading));
    }
  }

  /**
   * What is wrong with the arguments no option took: AIPerf flags infermark does not support
   * (named, with why when there is more to say), unknown flags (with a did-you-mean), stray values.
   */
  List<String> unmatched(List<String> args) {
    List<String> unsupported = new ArrayList<>();
    List<String> hints = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    boolean afterFlag = false;
    for (String a : args) {
      if (!a.startsWith("-") || a.equals("-")) {
        if (!afterFlag) {
          problems.add("unexpected argument '" + a + "' (every setting is a --flag)");
        }
        continue;
      }
      afterFlag = true;
      String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (aiperf.isAiperfFlag(flag)) {
        unsupported.add(flag);
        aiperf.hint(flag).ifPresent(h -> hints.add("  " + flag + ": " + h));
      } else {
        TreeSet<String> names = new TreeSet<>();
        flags.flags().forEach(f -> {
          names.addAll(f.names());
          f.negation().ifPresent(names::add);
        });
        Optional<String> setting = SettingsRegistry.closest(flag, names, Math.max(3, flag.length() / 3));
        Optional<String> field = SettingsRegistry.closest(flag.replaceFirst("^-+", "").replace('-', '_'), REQUEST_FIELDS, 2)
            .map(f -> "--extra-inputs " + f + ":VALUE (the " + f + " of every request's body)");
        List<String> meant = new ArrayList<>();
        setting.ifPresent(meant::add);
        field.ifPresent(meant::add);
        problems.add("unknown flag " + flag + (meant.isEmpty() ? "" : "; did you mean " + String.join(", or ", meant) + "?"));
      }
    }
    if (!unsupported.isEmpty()) {
      problems.addFirst((unsupported.size() == 1 ? "an AIPerf flag infermark does not support: "
          : "AIPerf flags infermark does not support: ") + String.join(", ", unsupported)
          + (hints.isEmpty() ? "" : "\n" + String.join("\n", hints)));
    }
    return problems;
  }
}
