package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.Stat;
import dev.infermark.api.status.API;

/**
 * One SLO tier of the usual shape, in one line: a floor on each request's output speed and a ceiling on
 * its time to first token, judged together (AA-AgentPerf's tiers: "P25 output speed at least 20 tokens/s
 * and P95 TTFT at most 10 s"). Repeatable; it stands for the {@link Slo}s below, each with
 * {@code tier = name}, in this order, and is read wherever they are (the scenario class, its superclasses,
 * composed annotations):
 * <pre>{@code
 * @SloTier(name = "SLO #1", outputSpeed = 20, ttft = 10, minAgents = 1)
 *   is @Slo(tier = "SLO #1", metric = OUTPUT_SPEED, stat = P25, min = 20)
 *      @Slo(tier = "SLO #1", metric = TIME_TO_FIRST_TOKEN, stat = P95, max = 10, unit = "s")
 *      @Slo(tier = "SLO #1", metric = SUPPORTED_AGENTS, min = 1)
 * }</pre>
 * At least one of {@link #outputSpeed()} and {@link #ttft()} is required (checked at discovery). The speed is
 * AA-AgentPerf's {@code output_speed}, which is AIPerf's {@code output_token_throughput_per_user} ((OSL − 1) /
 * (last byte − first token)) under the methodology's name: the SLO nodes keep AA's name, and read the per-run value
 * where a scenario reports no tiers.
 */
@API(status = STABLE, since = "0.2")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Repeatable(SloTiers.class)
public @interface SloTier {
  /** The tier's name ({@code SLO #1}); not empty. */
  String name();

  /** The least {@link #outputSpeedStat()} of {@code output_speed}, tokens/s; unset for no speed objective. */
  double outputSpeed() default Slo.UNSET;

  /** The statistic of the speed objective; P25 by default. */
  Stat outputSpeedStat() default Stat.P25;

  /** The most {@link #ttftStat()} of {@code time_to_first_token}, in {@link #ttftUnit()}; unset for no TTFT objective. */
  double ttft() default Slo.UNSET;

  /** The statistic of the TTFT objective; P95 by default. */
  Stat ttftStat() default Stat.P95;

  /** The unit of {@link #ttft()}: {@code s} (default), {@code ms}. */
  String ttftUnit() default "s";

  /**
   * The least {@code supported_agents} the tier must reach (a capacity-search methodology's result per
   * tier, AA-AgentPerf's); unset for none.
   */
  double minAgents() default Slo.UNSET;
}
