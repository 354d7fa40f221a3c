package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * Marks a class as a scenario: a benchmark the infermark engine discovers and runs.
 *
 * <p>The class needs a no-argument constructor and exactly one {@link Workload} method. Every
 * combination of {@link Param} values becomes one run; every {@link Slo} becomes one pass/fail
 * check of each run.
 *
 * <p>{@link #name()} is what users select by ({@code -Dinfermark.scenario=<name>}) and what the
 * artifacts record; it defaults to the simple class name. Names are unique on a class path.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Scenario {
  /** The scenario's name; empty means the simple class name. */
  String name() default "";

  /** One sentence for listings and reports. */
  String description() default "";
}
