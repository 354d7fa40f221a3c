package dev.infermark.spi;

import dev.infermark.api.RunContext;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;

/**
 * A methodology: a {@link SelfPhased} workload that runs its own phases and reaches the framework
 * through a {@link MethodologyContext} (typed settings, tokenizer, hub, verdict, export fields,
 * result sections). The harness hands every run one; the built-in AgentX replay, AA-AgentPerf and
 * accuracy evaluations are methodologies. Return one from a scenario's {@code @Workload} method
 * (declared as {@code SelfPhased}, so the scenario class itself uses the API alone).
 */
@FunctionalInterface
public interface Methodology extends SelfPhased {
  /**
   * Runs the methodology; stops promptly once {@link MethodologyContext#cancelled()} turns true,
   * returning what it has.
   *
   * @return the run's own results; the harness adds every metric of the records
   */
  RunResult run(MethodologyContext ctx) throws Exception;

  /**
   * Runs it in the harness's context.
   *
   * @throws IllegalArgumentException when {@code ctx} is not a {@link MethodologyContext} (a run
   *     outside infermark's harness)
   */
  @Override
  default RunResult run(RunContext ctx) throws Exception {
    if (ctx instanceof MethodologyContext m) {
      return run(m);
    }
    throw new IllegalArgumentException(getClass().getName() + " is a methodology: it runs only under infermark's "
        + "harness, which gives it a MethodologyContext (got a " + ctx.getClass().getName() + ")");
  }
}
