package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.Arrival;
import dev.infermark.api.status.API;

/**
 * Runs the scenario's workload as an open loop ({@code dev.infermark.api.OpenLoop}): one iteration per arrival,
 * {@link #value()} arrivals per second on average, spaced by {@link #arrival()}. Shorthand for
 * {@code @Default}s of {@code request-rate}, {@code arrival-pattern} and (gamma) {@code arrival-smoothness};
 * {@code --request-rate} and the other settings override it, and {@code @Param(setting = Setting.REQUEST_RATE)}
 * sweeps it ({@code @RequestRate(arrival = Arrival.POISSON)} on the class, the rates on the field:
 * {@code @Param(value = {"2", "4", "8"}, setting = Setting.REQUEST_RATE) double rate;}).
 *
 * <p>{@code @RequestRate(value = 10, arrival = Arrival.POISSON)}; with {@link MaxConcurrency} an arrival beyond the
 * cap waits for a slot, and the wait counts in the latencies measured from the intended instant.
 */
@API(status = STABLE, since = "0.2")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface RequestRate {
  /**
   * Arrivals per second; above 0. Left out ({@code @RequestRate(arrival = Arrival.POISSON)}), the rate comes from a
   * {@code @Param(setting = Setting.REQUEST_RATE)} sweep or {@code --request-rate}, and the annotation gives the
   * arrival pattern only.
   */
  double value() default Double.NaN;

  /** The inter-arrival distribution; Poisson (AIPerf's default) unless given. */
  Arrival arrival() default Arrival.POISSON;

  /** Gamma's shape k (only with {@link Arrival#GAMMA}): below 1 burstier than Poisson, above 1 smoother. */
  double smoothness() default 1.0;
}
