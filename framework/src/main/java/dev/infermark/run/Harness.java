package dev.infermark.run;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.OpenLoop;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.request.RequestError;
import dev.infermark.load.LoadModels;

/**
 * Runs a load generator in its context, the one way the runner and {@code ScenarioTestKit} both
 * do: a {@link ClosedLoop} or {@link OpenLoop} under the {@link PhaseDriver} (by the run's load model), a
 * {@link SelfPhased} one on its own (refusing the load settings it cannot honour); then,
 * whatever ended it, what it left in flight is aborted and recorded ({@link RecordingClient#finish})
 * before anyone writes artifacts.
 */
public final class Harness {
  /** The error of a request still in flight when its generator returned. */
  static final String LEFT_IN_FLIGHT = "cut off at the end of the run: still in flight when the load generator returned";

  private Harness() {}

  /**
   * @return the generator's own result ({@link SelfPhased}), or an empty one (the harness adds the records' metrics later)
   */
  public static RunResult run(LoadGenerator generator, HarnessContext ctx, RecordingClient client) throws Exception {
    try {
      RunResult r = switch (generator) {
        case ClosedLoop loop -> {
          PhaseDriver.run(loop, ctx);
          yield null;
        }
        case OpenLoop loop -> {
          PhaseDriver.run(loop, ctx);
          yield null;
        }
        case SelfPhased self -> {
          LoadModels.check(self, ctx.settings(), ctx.scenario());
          yield self.run(ctx);
        }
      };
      return r == null ? RunResult.empty() : r;
    } finally {
      client.finish(RequestError.cutOff(LEFT_IN_FLIGHT), RecordingClient.RETURN_WAIT);
    }
  }
}
