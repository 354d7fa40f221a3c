package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * A scenario's default for one setting: the lowest precedence, below
 * {@code junit-platform.properties}, {@code -Dinfermark.KEY} and {@code INFERMARK_KEY}. Repeatable.
 *
 * <p>With {@link #preset()} set, the default applies only under {@code infermark.preset=<preset>}
 * (above the plain defaults, still below every user source): the {@code smoke} preset is how each
 * built-in scenario gets a form that finishes in a minute or two.
 *
 * <p>{@code @Default}s may also sit on an annotation type that is then put on scenario classes (a
 * composed annotation, e.g. one smoke preset shared by several scenarios); the class's own
 * {@code @Default}s win over the composed ones.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Repeatable(Defaults.class)
public @interface Default {
  /** The setting, without the {@code infermark.} prefix. */
  String key();

  /** The value, in the setting's text form. */
  String value();

  /** The preset this default belongs to; empty for always. */
  String preset() default "";
}
