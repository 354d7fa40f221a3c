package dev.infermark.traces.topology;

import java.util.function.UnaryOperator;

/**
 * How traces become session trees.
 *
 * @param synthesisMaxOsl cap on parent turns' {@code max_tokens} ({@code synthesis-max-osl}), null = uncapped
 * @param models maps a recorded model name to the name sent (spec §2.4), per trace
 * @param splitFlattenedAgents split sub-agent entries and parent requests into chains (spec §2.6);
 *     false = one child per sub-agent entry, every parent request on the root
 * @param split thresholds of the splitting
 */
public record TopologyOptions(Integer synthesisMaxOsl, ModelMapping models, boolean splitFlattenedAgents,
    SplitOptions split) {
  public TopologyOptions {
    java.util.Objects.requireNonNull(models, "models");
    java.util.Objects.requireNonNull(split, "split");
  }

  /** With the default splitting thresholds. */
  public TopologyOptions(Integer synthesisMaxOsl, ModelMapping models, boolean splitFlattenedAgents) {
    this(synthesisMaxOsl, models, splitFlattenedAgents, SplitOptions.defaults());
  }

  /** Uncapped, recorded model names, chains split with the default thresholds (as the settings' defaults). */
  public static TopologyOptions defaults() {
    return new TopologyOptions(null, ModelMapping.identity(), true);
  }

  /** The per-trace model mapping. */
  public interface ModelMapping {
    UnaryOperator<String> forTrace(dev.infermark.traces.weka.WekaTrace trace);

    static ModelMapping identity() {
      return trace -> UnaryOperator.identity();
    }
  }
}
