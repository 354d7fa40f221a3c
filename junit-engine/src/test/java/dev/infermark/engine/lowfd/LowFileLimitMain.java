package dev.infermark.engine.lowfd;

import dev.infermark.run.Cancellation;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ScanResult;

/**
 * The child JVM of {@code OpenFilesLimitTest}, started under a lowered open-files limit with the
 * run's settings as {@code -Dinfermark.*}: first a run whose concurrency cannot fit (caught at
 * start), then {@link FdHogScenario} (runs out mid-run). Prints what the test checks.
 */
public final class LowFileLimitMain {
  static final String CHILD = "lowfd.child";

  private LowFileLimitMain() {}

  public static void main(String[] args) throws Exception {
    // The reactor serves our classes from folders (one open file per class load) and this test
    // exhausts the open files: load them all first, as a jar on the class path would be open already.
    try (ScanResult scan = new ClassGraph().acceptPackages("dev.infermark", "tools.jackson").ignoreClassVisibility()
        .enableClassInfo().scan()) {
      for (String n : scan.getAllClasses().getNames()) {
        try {
          Class.forName(n, false, LowFileLimitMain.class.getClassLoader());
        } catch (LinkageError | ClassNotFoundException ignored) {
          // optional dependencies missing: not needed here
        }
      }
    }
    ScenarioModel model = ScenarioModel.of(FdHogScenario.class);

    System.setProperty("infermark.concurrency", "300");
    try {
      runner().run(model, RunParams.none(), new Cancellation());
      System.out.println("CHECK: none");
    } catch (IllegalStateException e) {
      System.out.println("CHECK: " + e.getMessage());
    }
    System.clearProperty("infermark.concurrency");

    RunOutcome o = runner().run(model, RunParams.none(), new Cancellation());
    System.out.println("ERROR RATE: " + o.errorRate().message());
    System.out.flush();
    System.exit(0);
  }

  /** A runner over the system properties as they are now (a resolver reads its sources once). */
  private static ScenarioRunner runner() {
    return new ScenarioRunner(SettingsResolver.fromSystem(SettingsRegistry.load()), Standard.clients(),
        Standard.recordings(), System.out::println);
  }
}
