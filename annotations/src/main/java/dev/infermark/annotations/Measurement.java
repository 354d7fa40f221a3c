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
 * The measured (profiling) phase. Shorthand for {@code @Default} of
 * {@code benchmark-duration} and {@code request-count}; settings override it.
 *
 * <p>Durations are written {@code 90s}, {@code 2m}, {@code 1h} or as plain seconds. The phase ends
 * at the duration or after {@link #requests()} completed requests, whichever comes first; in-flight
 * requests then have the grace period ({@code benchmark-grace-period}, default 30 s) to finish.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface Measurement {
  /** How long the profiling phase sends requests; empty means the setting's default. */
  String duration() default "";

  /** Stop after this many completed requests; 0 means no request limit. */
  int requests() default 0;
}
