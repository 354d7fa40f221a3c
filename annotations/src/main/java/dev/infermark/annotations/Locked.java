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
 * A rule the scenario fixes about one setting. Repeatable; checked before any traffic.
 *
 * <p>{@link #key()} names a setting without its {@code infermark.} prefix; {@code extra-inputs.F}
 * addresses field {@code F} of the {@code extra-inputs} JSON object. Values the user set are
 * checked, and so are values a preset ({@code infermark.preset}) set; the scenario's own plain
 * {@code @Default}s are not. The rule kinds combine:
 * <ul>
 *   <li>{@link #value()}: the value required. Unset by the user, it is injected (and logged);
 *       booleans compare by truthiness ({@code "false"}, {@code "0"}, {@code "no"}, {@code 0} are
 *       false).</li>
 *   <li>{@link #anyOf()}: the allowed values.</li>
 *   <li>{@link #min()} / {@link #max()}: numeric or duration bounds (inclusive).</li>
 *   <li>{@link #forbidden()}: setting the key at all is a violation.</li>
 *   <li>{@link #single()}: a list setting must hold one value (no sweep).</li>
 *   <li>{@link #required()}: the key, or any of {@link #orKeys()}, must be set.</li>
 * </ul>
 *
 * <p>All violations are reported together, each naming the setting, the value given and the value
 * required: {@code "infermark.KEY: got 'X', required 'Y' (REASON)"}. The run then aborts, unless
 * {@code infermark.unsafe-override=true}: bypassable violations become warnings and the run is
 * stamped {@code submission_valid: false} with reason {@code unsafe_override}. A violation of a
 * lock with {@code bypassable = false} always aborts.
 *
 * <p>A scenario with at least one {@code @Locked} stamps a submission verdict, shown as its own
 * {@code submission_valid} test node.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Repeatable(Locks.class)
public @interface Locked {
  /** Marker for an unset string attribute. */
  String UNSET = "\u0000";

  /** The setting, without the {@code infermark.} prefix. */
  String key();

  /** The required value (injected when the user left it unset); unset by default. */
  String value() default UNSET;

  /** The allowed values; empty means any. */
  String[] anyOf() default {};

  /** Inclusive lower bound (a number, or a duration such as {@code 900s}); unset by default. */
  String min() default UNSET;

  /** Inclusive upper bound; unset by default. */
  String max() default UNSET;

  /** Setting the key at all is a violation. */
  boolean forbidden() default false;

  /** A list value must have exactly one element (parameter sweeps are not allowed). */
  boolean single() default false;

  /** The key (or one of {@link #orKeys()}) must be set explicitly. */
  boolean required() default false;

  /** With {@link #required()}: other keys any one of which satisfies the requirement. */
  String[] orKeys() default {};

  /** Whether {@code infermark.unsafe-override=true} can turn a violation into a warning. */
  boolean bypassable() default true;

  /** Why the scenario fixes this: appended to the violation message. */
  String reason() default "";
}
