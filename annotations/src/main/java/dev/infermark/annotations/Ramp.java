package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.RampShape;
import dev.infermark.api.status.API;

/**
 * Ramps a load quantity up to its target at the start of each phase: the request rate of an open loop, or the
 * concurrency (a closed loop's users, an open loop's cap). Repeatable, one per target. Shorthand for
 * {@code @Default}s of {@code request-rate-ramp-duration}, {@code -shape} and {@code -start} (or the
 * {@code concurrency-ramp-} ones).
 *
 * <p>{@code @Ramp(target = Ramp.Target.REQUEST_RATE, over = "60s")} ramps linearly from 0;
 * {@code @Ramp(target = Ramp.Target.CONCURRENCY, over = "2m", shape = RampShape.EXPONENTIAL, from = 1)} doubles
 * the users at even intervals from 1.
 */
@API(status = STABLE, since = "0.2")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Repeatable(Ramps.class)
public @interface Ramp {
  /** What is ramped. */
  Target target();

  /** How long the ramp takes ({@code 30s}, {@code 2m}, plain seconds). */
  String over();

  /** Linear (default) or exponential. */
  RampShape shape() default RampShape.LINEAR;

  /**
   * The start: a rate in arrivals per second, or a concurrency. Unset: 0 for a linear rate ramp, 1 for a
   * concurrency ramp; an exponential rate ramp needs one above 0.
   */
  double from() default Double.NaN;

  /** The quantities a ramp may ramp. */
  enum Target {
    /** An open loop's arrival rate ({@code request-rate}). */
    REQUEST_RATE,
    /** A closed loop's users, or an open loop's in-flight cap. */
    CONCURRENCY
  }
}
