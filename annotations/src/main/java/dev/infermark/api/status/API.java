package dev.infermark.api.status;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How far a public type may be relied on, as JUnit's {@code @API} says it (our own, so that this
 * module has no dependencies). Every public type of {@code dev.infermark.api..} and
 * {@code dev.infermark.annotations} carries it (the examples' {@code ArchitectureTest} checks):
 * {@link Status#EXPERIMENTAL} for what a self-phased methodology uses and the run result, which
 * may still change shape; {@link Status#STABLE} for the rest. Classes outside these packages are
 * not API, whatever their modifiers: their packages say so ({@link Status#INTERNAL}, or
 * {@link Status#EXPERIMENTAL} for the built-in scenario classes and the test kit).
 */
@API(status = STABLE, since = "0.1")
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.PACKAGE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface API {
  Status status();

  /**
   * The version in which the element got its current status ({@code "0.1"}); empty when not stated.
   * A STABLE element stays compatible from this version on.
   */
  String since() default "";

  /** The status. */
  enum Status {
    /** For infermark's own modules only; may change or go without notice. */
    INTERNAL,
    /** Public, but its shape may still change in a minor release. */
    EXPERIMENTAL,
    /** Public and kept compatible. */
    STABLE
  }
}
