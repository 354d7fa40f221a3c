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
 * The API the scenario talks to. Shorthand for {@code @Default} of {@code endpoint-type} and
 * {@code streaming}. Without it: {@code chat}, streaming on.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface Endpoint {
  /** {@code chat} ({@code /v1/chat/completions}) or {@code completions} ({@code /v1/completions}). */
  String type() default "chat";

  /** Whether responses stream as server-sent events (needed for TTFT and inter-token latency). */
  boolean streaming() default true;
}
