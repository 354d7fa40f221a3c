package dev.infermark.agentperf.trajectory;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The synthetic generator's tools: how often each is called, how long it takes (log-normal, per
 * tool, clamped to the seed's 0.1 s–5 s range with a tail under 0.1 s; overall median about 1 s)
 * and how many tokens its result adds to the context.
 *
 * @param name the tool name (OpenCode's tools)
 * @param share the share of tool calls
 * @param medianDelaySeconds the median simulated delay
 * @param delaySigma the log-normal sigma of the delay
 * @param medianResultTokens the median result size in tokens
 */
public record ToolProfile(String name, double share, double medianDelaySeconds, double delaySigma,
    int medianResultTokens) {

  /** Longest simulated tool delay (the seed's upper bound). */
  public static final Duration MAX_DELAY = Duration.ofSeconds(5);
  /** Shortest simulated tool delay. */
  public static final Duration MIN_DELAY = Duration.ofMillis(20);

  /** The tools and their profiles; shares sum to 1. */
  public static final List<ToolProfile> TOOLS = List.of(
      new ToolProfile("bash", 0.30, 1.6, 0.7, 300),
      new ToolProfile("read", 0.25, 0.8, 0.8, 700),
      new ToolProfile("edit", 0.15, 1.1, 0.5, 80),
      new ToolProfile("grep", 0.12, 0.25, 0.9, 250),
      new ToolProfile("glob", 0.06, 0.12, 0.8, 80),
      new ToolProfile("write", 0.05, 1.0, 0.5, 60),
      new ToolProfile("todowrite", 0.04, 0.6, 0.5, 60),
      new ToolProfile("webfetch", 0.03, 3.0, 0.4, 1500));

  /** Picks a tool by share. */
  public static ToolProfile pick(SplittableRandom random) {
    double u = random.nextDouble();
    for (ToolProfile t : TOOLS) {
      u -= t.share();
      if (u < 0) {
        return t;
      }
    }
    return TOOLS.get(0);
  }

  /** A delay drawn from this tool's distribution, clamped to [20 ms, 5 s]. */
  public Duration sampleDelay(SplittableRandom random) {
    double s = medianDelaySeconds * Math.exp(delaySigma * gaussian(random));
    long nanos = Math.round(s * 1e9);
    return Duration.ofNanos(Math.clamp(nanos, MIN_DELAY.toNanos(), MAX_DELAY.toNanos()));
  }

  /** A result size drawn log-normally around the median (sigma 1), at least 10 tokens. */
  public int sampleResultTokens(SplittableRandom random) {
    return (int) Math.clamp(Math.round(medianResultTokens * Math.exp(gaussian(random))), 10, 20_000);
  }

  private static double gaussian(SplittableRandom random) {
    return random.nextGaussian();
  }
}
