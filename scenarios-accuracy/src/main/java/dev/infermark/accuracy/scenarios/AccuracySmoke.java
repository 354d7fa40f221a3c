package dev.infermark.accuracy.scenarios;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.accuracy.data.BuiltinData;
import dev.infermark.annotations.Default;

/**
 * The smoke form shared by the accuracy scenarios ({@code -Dinfermark.preset=smoke}): the built-in
 * synthetic data ({@code builtin:smoke}, offline) and three requests. A scenario whose smoke data
 * holds more problems for its smoke task says so with its own
 * {@code @Default(preset = "smoke", key = "request-count", ...)}, which wins over this one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Default(preset = "smoke", key = "accuracy-data-dir", value = BuiltinData.SMOKE)
@Default(preset = "smoke", key = "request-count", value = "3")
public @interface AccuracySmoke {}
