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
 * The scenario's default concurrency: how many conversations (or session trees, or agents, as
 * the methodology defines it) are live at once. Shorthand for
 * {@code @Default(key = "concurrency", value = "N")}; {@code infermark.concurrency} overrides it.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface Concurrency {
  /** Live conversations; at least 1. */
  int value();
}
