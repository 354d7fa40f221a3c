package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * An SLA search: instead of one run at one load, find the largest value of a load setting at which
 * a run still passes the scenario's {@link Slo}s (and its error-rate check). The value grows by
 * {@link #growthFactor()} from {@link #from()} until a run fails (or {@link #to()} passes), then a
 * bisection between the last pass and the first fail narrows them to {@link #precision()}. Each
 * probe is a full run with its own artifacts; the result (the largest passing value with the
 * passing and failing values around it) is a test node, a verdict row and a chart.
 *
 * <p>Example: {@code @Search(setting = Setting.CONCURRENCY, from = 1, to = 512)}. The settings
 * {@code infermark.search-space}, {@code search-precision}, {@code search-growth-factor} and
 * {@code search-max-iterations} override it (docs/sweeps.md).
 */
@API(status = EXPERIMENTAL)
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Search {
  /** The searched setting, its name without {@code infermark.} ({@code concurrency}; a request rate once it exists). */
  String setting() default "concurrency";

  /** The first value tried, and the smallest: when it fails, nothing passes. */
  double from() default 1;

  /** The largest value tried: when it passes, the result is a lower bound. */
  double to() default 1024;

  /**
   * When the bisection stops: a gap between the last pass and the first fail ({@code "1"}) or a
   * percentage of the failing value ({@code "5%"}); empty: 1 for whole-numbered settings, 5 % for others.
   */
  String precision() default "";

  /** The exponential stage's factor; above 1. */
  double growthFactor() default 2;

  /** The most probes, 0 for no limit: a search stopped by it reports the bracket it reached. */
  int maxIterations() default 0;
}
