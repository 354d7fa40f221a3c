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
 * AIPerf's user-centric rate ({@code dev.infermark.api.LoadModel.UserCentric}): {@link #users()} users play their
 * conversations, each user's next turn due {@code users / value} seconds after its previous one, so the system
 * sends {@link #value()} requests per second and every user's cache entry ages by the same gap. Shorthand for
 * {@code @Default}s of {@code user-centric-rate} and {@code num-users}.
 */
@API(status = STABLE, since = "0.2")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface UserCentricRate {
  /** Requests per second over all users; above 0. */
  double value();

  /** The number of users; at least 1. */
  int users();
}
