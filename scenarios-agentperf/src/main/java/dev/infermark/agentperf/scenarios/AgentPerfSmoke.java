package dev.infermark.agentperf.scenarios;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.infermark.annotations.Default;

/**
 * The smoke form shared by the AA-AgentPerf scenarios ({@code -Dinfermark.preset=smoke}): short
 * synthetic trajectories, second-long phases and gates, at most 16 agents, so a whole search
 * finishes in well under a minute against the embedded simulator.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Default(preset = "smoke", key = "agentperf-synthetic-trajectories", value = "64")
@Default(preset = "smoke", key = "agentperf-synthetic-turns-median", value = "3")
@Default(preset = "smoke", key = "agentperf-synthetic-turns-max", value = "4")
@Default(preset = "smoke", key = "agentperf-max-context", value = "8192")
@Default(preset = "smoke", key = "agentperf-max-start-offset", value = "1")
@Default(preset = "smoke", key = "agentperf-tool-delay-scale", value = "0.05")
@Default(preset = "smoke", key = "agentperf-min-trajectories", value = "4")
@Default(preset = "smoke", key = "agentperf-min-trajectories-per-agent", value = "1")
@Default(preset = "smoke", key = "agentperf-steady-duration", value = "3s")
@Default(preset = "smoke", key = "agentperf-settle-time", value = "1s")
@Default(preset = "smoke", key = "agentperf-phase-timeout", value = "30s")
@Default(preset = "smoke", key = "agentperf-max-agents", value = "16")
public @interface AgentPerfSmoke {}
