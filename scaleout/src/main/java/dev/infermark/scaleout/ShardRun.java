package dev.infermark.scaleout;

import dev.infermark.run.Cancellation;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;

/**
 * Runs one scenario (by class name) with the settings of the JVM and the environment
 * ({@code -Dinfermark.*}, {@code INFERMARK_*}; a shard's index from {@code JOB_COMPLETION_INDEX}):
 * what each pod of a sharded run executes. The exit status is 0 when the run wrote its artifacts and
 * was not cancelled, 1 when it failed, 2 for bad arguments.
 *
 * <p>{@code java -cp ... dev.infermark.scaleout.ShardRun com.example.MyScenario}
 */
public final class ShardRun {
  private ShardRun() {}

  public static void main(String[] args) {
    if (args.length != 1 || args[0].startsWith("-")) {
      System.err.println("usage: ShardRun SCENARIO_CLASS   (settings as -Dinfermark.* or INFERMARK_*)");
      System.exit(2);
    }
    int status;
    try {
      ScenarioModel model = ScenarioModel.of(Class.forName(args[0]));
      ScenarioRunner runner = new ScenarioRunner(SettingsResolver.fromSystem(SettingsRegistry.load()),
          Standard.clients(), Standard.recordings(), System.out::println);
      RunOutcome o = runner.run(model, RunParams.none(), new Cancellation());
      status = o.cancelled() ? 1 : 0;
    } catch (ClassNotFoundException e) {
      System.err.println("ShardRun: no scenario class " + args[0] + " on the class path");
      status = 2;
    } catch (Exception e) {
      System.err.println("ShardRun: the run failed: " + e);
      status = 1;
    }
    System.out.flush();
    System.exit(status);
  }
}
