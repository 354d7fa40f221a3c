package dev.infermark.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.infermark.settings.SettingKey;
import dev.infermark.simulator.Main;
import dev.infermark.simulator.SimulatorKeys;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code infermark simulator [--port 8000] [--profile NAME] ...}: the standalone OpenAI-compatible
 * simulator (docs/simulator.md), the same as {@code java -jar infermark-simulator.jar}: every option
 * is a simulator setting without its {@code simulator-} prefix, generated from its key catalog.
 */
final class SimulatorCommand implements Callable<Integer> {
  private CommandLine commandLine;

  private SimulatorCommand() {}

  static CommandLine create() {
    SimulatorCommand cmd = new SimulatorCommand();
    CommandSpec spec = CommandSpec.wrapWithoutInspection(cmd);
    spec.name("simulator");
    spec.usageMessage().description("Starts the standalone OpenAI-compatible inference-server simulator (continuous "
        + "batching, KV cache, prefix caching; docs/simulator.md) and serves until stopped (Ctrl+C). Standalone "
        + "defaults: --host 0.0.0.0 --port 8000.").width(110);
    for (SettingKey<?> k : SimulatorKeys.all()) {
      String option = "--" + k.name().substring(SimulatorKeys.PREFIX.length());
      List<String> names = new ArrayList<>(List.of(option));
      if (k == SimulatorKeys.SERVED_MODEL_NAME) {
        names.add("--model");
      }
      String def = k.defaultText() == null ? "" : " Default: " + (k.defaultText().isEmpty() ? "(empty)" : k.defaultText()) + ".";
      spec.addOption(OptionSpec.builder(names.toArray(String[]::new)).paramLabel(ValueKind.of(k).label())
          .type(String.class).description((k.doc() + def).replace("%", "%%")).build());
    }
    spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Shows this help.").build());
    cmd.commandLine = new CommandLine(spec);
    return cmd.commandLine;
  }

  @Override
  public Integer call() throws Exception {
    ParseResult parsed = commandLine.getParseResult();
    List<String> args = new ArrayList<>();
    for (OptionSpec o : parsed.matchedOptions()) {
      args.add(o.longestName());
      args.add(o.getValue());
    }
    Main.main(args.toArray(String[]::new)); // serves until the JVM stops
    return 0;
  }
}
