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
 * The warmup phase before measurement; its records are tagged {@code warmup} and kept out of the
 * profiling metrics. Shorthand for {@code @Default} of {@code warmup-request-count} and
 * {@code warmup-duration}. No {@code @Warmup} means no warmup unless settings ask for one.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface Warmup {
  /** Warmup requests to complete; 0 means none by count. */
  int requests() default 0;

  /** Warmup duration ({@code 10s}, {@code 1m}); empty means none by time. */
  String duration() default "";
}
