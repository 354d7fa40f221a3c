package dev.infermark.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code infermark}: the command line (docs/cli.md). {@code java -jar infermark.jar COMMAND ...},
 * or {@code bin/infermark COMMAND ...}, which adds the JVM flags docs/client.md asks for.
 */
@Command(name = "infermark", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Benchmarks OpenAI-compatible LLM inference servers: runs infermark's scenarios (and yours) with "
        + "AIPerf's flag names, and reports on their runs. Without --url, runs target an embedded simulator.",
    footer = {"", "Run 'infermark COMMAND --help' for a command's options. See docs/cli.md."})
public final class Main implements java.util.concurrent.Callable<Integer> {
  @Spec
  CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command line; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    List<Path> entries;
    try {
      entries = ScenarioClassPath.entries(args);
    } catch (IllegalArgumentException e) {
      err.println("infermark: " + e.getMessage());
      return ProfileCommand.USAGE;
    }
    Thread.currentThread().setContextClassLoader(ScenarioClassPath.loader(entries, Main.class.getClassLoader()));
    return commandLine(out, err, args.length == 0 ? "" : args[0]).execute(args);
  }

  /**
   * The commands, in the order help lists them. Each is made only when needed: picocli reads a
   * command's class to build it, and k8s's reaches the Kubernetes client's classes (a start-up cost
   * every {@code profile} run paid for nothing; docs/benchmarks.md, "Cold runs").
   */
  private static final Map<String, BiFunction<PrintStream, PrintStream, Object>> COMMANDS = commands();

  private static Map<String, BiFunction<PrintStream, PrintStream, Object>> commands() {
    Map<String, BiFunction<PrintStream, PrintStream, Object>> m = new LinkedHashMap<>();
    m.put("list", (o, e) -> new ListCommand());
    m.put("describe", (o, e) -> new DescribeCommand());
    m.put("report", (o, e) -> new ReportCommand());
    m.put("compare", (o, e) -> new CompareCommand());
    m.put("merge", (o, e) -> new MergeCommand());
    m.put("k8s", (o, e) -> new K8sCommand());
    m.put("completion", (o, e) -> new CompletionCommand());
    m.put("profile", ProfileCommand::create);
    m.put("simulator", (o, e) -> SimulatorCommand.create());
    return m;
  }

  /**
   * The command tree for a command line whose first argument is {@code first}: that command alone
   * when it names one (its help and errors need no other), every command otherwise (the top-level
   * help, a did-you-mean) and for {@code completion}, whose scripts cover the whole tree.
   * Profile's flags come from the key catalogs the context class loader sees.
   */
  static CommandLine commandLine(PrintStream out, PrintStream err, String first) {
    CommandLine cl = new CommandLine(new Main());
    boolean one = COMMANDS.containsKey(first) && !first.equals("completion");
    COMMANDS.forEach((name, make) -> {
      if (!one || name.equals(first)) {
        cl.addSubcommand(name, make.apply(out, err));
      }
    });
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    cl.setUsageHelpWidth(110);
    cl.setParameterExceptionHandler((e, args) -> {
      CommandLine c = e.getCommandLine();
      String name = c.getCommandSpec().qualifiedName();
      c.getErr().println(name + ": " + e.getMessage());
      if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, c.getErr())) {
        c.getErr().println("Run '" + name + " --help' for the options.");
      }
      return ProfileCommand.USAGE;
    });
    cl.setExecutionExceptionHandler((e, c, parsed) -> {
      c.getErr().println(c.getCommandSpec().qualifiedName() + ": " + e);
      return ScenarioRun.FAILED;
    });
    return cl;
  }

  /** {@code infermark} without a command: the usage, as an error. */
  @Override
  public Integer call() {
    spec.commandLine().getErr().println("infermark: a command is missing");
    spec.commandLine().usage(spec.commandLine().getErr());
    return ProfileCommand.USAGE;
  }

  /** The version the jar's manifest records. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"infermark " + (v == null ? "(development build)" : v)};
    }
  }
}
