package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.Metric;
import dev.infermark.api.Stat;

import dev.infermark.api.status.API;

/**
 * A service-level objective: a threshold on one statistic of one metric of a run. Repeatable.
 *
 * <p>Each {@code @Slo} becomes its own test node under each run. It passes when the measured value
 * satisfies {@link #min()} (value &ge; min) and {@link #max()} (value &le; max); it fails with
 * the measured value and the threshold in its message, and it fails as well when the run did not
 * measure that metric (a number we cannot measure is never taken as zero).
 *
 * <p>Examples: {@code @Slo(metric = TIME_TO_FIRST_TOKEN, stat = P95, max = 2, unit = "s")};
 * {@code @Slo(metric = OUTPUT_TOKEN_THROUGHPUT_PER_USER, stat = P25, min = 20)};
 * {@code @Slo(metric = ACCURACY, min = 0.6)};
 * {@code @Slo(tier = "SLO #1", metric = SUPPORTED_AGENTS, min = 32)} (with {@code import static
 * dev.infermark.api.Metric.*} and {@code dev.infermark.api.Stat.*}); a result a scenario's own
 * generator adds: {@code @Slo(custom = "my_score", min = 0.9)}.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Repeatable(Slos.class)
public @interface Slo {
  /** Marker for an unset bound. */
  double UNSET = Double.NaN;

  /** The metric; unset ({@link Metric#CUSTOM}) when {@link #custom()} names the scenario's own. */
  Metric metric() default Metric.CUSTOM;

  /**
   * The tag of a metric that is not a {@link Metric}: a result the scenario's own generator adds
   * (checked at discovery: it must not be a known metric's tag; set exactly one of
   * {@code metric} and {@code custom}).
   */
  String custom() default "";

  /** The statistic; {@link Stat#VALUE} (the default) for a one-per-run result. */
  Stat stat() default Stat.VALUE;

  /** Lower bound (inclusive), in {@link #unit()}; unset by default. */
  double min() default UNSET;

  /** Upper bound (inclusive), in {@link #unit()}; unset by default. */
  double max() default UNSET;

  /**
   * The unit of the bounds; empty means the metric's own unit (ms for latencies, tokens/s for
   * speeds, a ratio for accuracy). {@code s} and {@code ms} convert latencies.
   */
  String unit() default "";

  /**
   * The SLO tier this objective belongs to; empty for none. Objectives of one tier are evaluated
   * together by methodologies that search per tier (AA-AgentPerf): the per-request objectives of a
   * tier decide whether a phase passes; a result objective such as {@code supported_agents} checks
   * what the search found.
   */
  String tier() default "";

  /** The node's display name; empty means one derived from tier, stat, metric and bounds. */
  String name() default "";
}
