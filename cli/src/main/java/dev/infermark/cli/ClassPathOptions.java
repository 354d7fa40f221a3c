package dev.infermark.cli;

import java.util.List;

import picocli.CommandLine.Option;

/**
 * {@code --scenario-jar} and {@code --classpath} on the commands that look at scenarios. Main reads
 * them before the command line is built ({@link ScenarioClassPath}); these declarations are for
 * help and completion.
 */
final class ClassPathOptions {
  @Option(names = "--scenario-jar", paramLabel = "<jar>", description = "A jar of your own scenario classes. Repeatable.")
  List<String> jars;

  @Option(names = {"--classpath", "-cp"}, paramLabel = "<path>",
      description = "Folders and jars of your own scenarios (path-separated; dir/* is every jar of dir). Repeatable.")
  List<String> classpath;
}
