package dev.infermark.agentx.topology;

import java.util.function.UnaryOperator;

/**
 * How traces become session trees.
 *
 * @param synthesisMaxOsl cap on parent turns' {@code max_tokens} ({@code synthesis-max-osl}), null = uncapped
 * @param models maps a recorded model name to the name sent (spec §2.4), per trace
 * @param splitFlattenedAgents split sub-agent entries into chains (spec §2.6); false = one child per entry
 */
public record TopologyOptions(Integer synthesisMaxOsl, ModelMapping models, boolean splitFlattenedAgents) {
  /** Uncapped, recorded model names, one child per sub-agent entry. */
  public static TopologyOptions defaults() {
    return new TopologyOptions(null, ModelMapping.identity(), false);
  }

  /** The per-trace model mapping. */
  public interface ModelMapping {
    UnaryOperator<String> forTrace(dev.infermark.agentx.trace.WekaTrace trace);

    static ModelMapping identity() {
      return trace -> UnaryOperator.identity();
    }
  }
}
