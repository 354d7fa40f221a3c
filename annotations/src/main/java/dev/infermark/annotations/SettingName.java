package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * On a method of a typed settings interface: the setting it reads, in full (without
 * {@code infermark.}), instead of the one its name gives ({@code benchmarkDuration()} reads
 * {@code benchmark-duration}).
 */
@API(status = STABLE, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface SettingName {
  /** The setting ({@code request-timeout}). */
  String value();
}
