package dev.infermark.agentperf.power;

import java.time.Duration;
import java.util.List;

import dev.infermark.settings.SettingKey;

/** The power sampler's settings; listed in the methodology's catalog ({@code AgentPerfKeys}). */
public final class PowerKeys {
  public static final SettingKey<String> POWER_SAMPLER = SettingKey.string("power-sampler", "none",
      "Power source: none, nvidia-smi, or prometheus (a DCGM-exporter or other Prometheus URL).");
  public static final SettingKey<String> POWER_COMMAND = SettingKey.string("power-command",
      "nvidia-smi --query-gpu=index,power.draw --format=csv,noheader,nounits",
      "The nvidia-smi command (split on spaces); each output line is an accelerator index then watt columns, summed.");
  public static final SettingKey<String> POWER_DCGM_URL = SettingKey.string("power-dcgm-url", null,
      "The Prometheus/DCGM-exporter metrics URL scraped by power-sampler=prometheus.");
  public static final SettingKey<List<String>> POWER_METRICS = SettingKey.list("power-metrics", "DCGM_FI_DEV_POWER_USAGE",
      "Prometheus metric names (watts) summed per accelerator (label gpu); add a memory-power metric where exported.");
  public static final SettingKey<Duration> POWER_INTERVAL = SettingKey.duration("power-interval", "1s",
      "How often the power sampler polls.");

  private PowerKeys() {}
}
