package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * A swept parameter: a non-static field of a {@link Scenario} class set before each run.
 *
 * <p>Each value becomes its own run (the cartesian product across several {@code @Param} fields,
 * in declaration order), shown as its own node that can be re-run alone from an IDE. Values are
 * strings converted to the field's type ({@code int}, {@code long}, {@code double},
 * {@code boolean}, {@code String}, an enum). A setting {@code infermark.param.<field>} given as a
 * comma-separated list replaces the annotation's values.
 *
 * <p>With {@link #setting()}, each run also gets that setting set to its value, so a load
 * generator that reads the setting is swept too, e.g. the generic workload's concurrency:
 * {@code @Param(value = {"8", "32"}, setting = "concurrency") int users;}.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Param {
  /** The values to sweep; at least one. */
  String[] value();

  /**
   * A setting (its name without {@code infermark.}, e.g. {@code concurrency}) that each run sets to
   * this field's value; checked at discovery like a {@code @Default} key. Empty: none.
   */
  String setting() default "";
}
