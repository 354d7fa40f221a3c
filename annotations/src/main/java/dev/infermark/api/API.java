package dev.infermark.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How far a public type may be relied on, as JUnit's {@code @API} says it (our own, so that this
 * module has no dependencies). Types of {@code dev.infermark.api} and {@code dev.infermark.annotations}
 * are {@link Status#STABLE} unless marked; every framework package is marked
 * {@link Status#INTERNAL} in its {@code package-info.java}: public for the other infermark modules,
 * not for scenario authors.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.PACKAGE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface API {
  Status status();

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
