package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * The most iterations an open loop ({@link RequestRate}) keeps in flight: an arrival beyond the cap waits, in
 * arrival order, until one ends, and the schedule goes on at its rate meanwhile (no catch-up burst). The wait
 * is measured: {@code schedule_lag}, and the latencies measured from the intended instant. Shorthand for
 * {@code @Default(key = "max-concurrency", value = "N")}.
 */
@API(status = STABLE, since = "0.2")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface MaxConcurrency {
  /** Iterations in flight at most; at least 1. */
  int value();
}
