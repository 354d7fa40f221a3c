package dev.infermark.annotations;

import static dev.infermark.api.status.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.api.status.API;

/**
 * On a typed settings interface: the prefix of the setting names its methods read, so that
 * {@code @SettingsPrefix("agentperf-") interface AgentPerfSettings { int maxAgents(); }} reads
 * {@code infermark.agentperf-max-agents}. A method with {@link SettingName} names its setting in full.
 */
@API(status = STABLE, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SettingsPrefix {
  /** Put before each method's kebab-case name ({@code agentperf-}). */
  String value();
}
