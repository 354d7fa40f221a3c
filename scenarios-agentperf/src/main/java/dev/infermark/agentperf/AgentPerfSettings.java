package dev.infermark.agentperf;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

import dev.infermark.agentperf.phase.PhaseConfig;
import dev.infermark.annotations.SettingName;
import dev.infermark.annotations.SettingsPrefix;
import dev.infermark.sweep.LimitSearch;

/**
 * The settings an AA-AgentPerf run reads ({@link AgentPerfKeys}, docs/agentperf.md), as a typed
 * settings interface: {@code ctx.settings(AgentPerfSettings.class)} implements it from the run's
 * settings, and the phase and search configurations are derived here, in one place.
 */
@SettingsPrefix("agentperf-")
public interface AgentPerfSettings {
  Optional<String> trajectorySource();

  Optional<String> trajectoryFile();

  Duration wekaMaxToolDelay();

  int syntheticTrajectories();

  double syntheticTurnsMedian();

  int syntheticTurnsMax();

  int maxContext();

  int maxTokens();

  String outputTokens();

  int maxStartOffset();

  double toolDelayScale();

  int startAgents();

  double growthFactor();

  int maxAgents();

  int searchResolution();

  boolean reusePhases();

  int minTrajectories();

  int minTrajectoriesPerAgent();

  Duration steadyDuration();

  Duration settleTime();

  Duration phaseTimeout();

  double maxErrorRate();

  int tokenCheckEvery();

  Optional<Integer> phaseAgents();

  int phaseIndex();

  @SettingName("accelerators")
  Optional<Integer> accelerators();

  /** How long a phase waits for its window's requests to finish: one request's deadline. */
  @SettingName("request-timeout")
  Duration requestTimeout();

  /** How each phase runs and when it ends. */
  default PhaseConfig phases() {
    return new PhaseConfig(minTrajectories(), minTrajectoriesPerAgent(), steadyDuration(), settleTime(), phaseTimeout(),
        requestTimeout(), PhaseConfig.pollFor(steadyDuration()), toolDelayScale());
  }

  /** Each tier's capacity search. */
  default LimitSearch search() {
    return search(startAgents(), growthFactor(), maxAgents(), searchResolution());
  }

  /** Each tier's search over whole agent counts, its settings checked by name. */
  static LimitSearch search(int start, double factor, int max, int resolution) {
    if (start < 1 || max < start) {
      throw new IllegalArgumentException("agentperf-start-agents must be >= 1 and <= agentperf-max-agents (got " + start
          + ", " + max + ")");
    }
    if (!(factor > 1)) {
      throw new IllegalArgumentException("agentperf-growth-factor must be above 1, got " + factor);
    }
    if (resolution < 1) {
      throw new IllegalArgumentException("agentperf-search-resolution must be >= 1, got " + resolution);
    }
    return LimitSearch.wholeNumbers(start, factor, max, resolution);
  }

  /** Whether requests ask for the turn's target output length ({@code target}) rather than max_tokens ({@code model}). */
  default boolean targetOutputTokens() {
    String policy = outputTokens().trim().toLowerCase(Locale.ROOT);
    if (!policy.equals("model") && !policy.equals("target")) {
      throw new IllegalArgumentException(AgentPerfKeys.OUTPUT_TOKENS + ": use 'model' or 'target', not '" + policy + "'");
    }
    return policy.equals("target");
  }
}
