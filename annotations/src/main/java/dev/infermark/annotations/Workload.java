package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * Marks the method of a {@link Scenario} class that builds the run's load generator.
 *
 * <p>The method is called once per run, after {@link Param} fields are set. It returns a
 * {@code dev.infermark.api.LoadGenerator} (for example {@code Conversations}, or a built-in
 * methodology such as the AgentX replay). Its parameters are injected by type, API types only:
 * {@code RunContext}, {@code SyntheticText}, or an interface of the scenario's own whose methods read
 * settings ({@code interface ChatSettings { Duration benchmarkDuration(); }}: a typed settings interface,
 * implemented from the run's settings; see {@link SettingsPrefix}, {@link SettingName}). Any other type is
 * an error at discovery.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Workload {}
