package dev.infermark.agentperf.power;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import dev.infermark.settings.Settings;

/**
 * Measures accelerator power while phases run: {@link NvidiaSmiPower} polls {@code nvidia-smi},
 * {@link PrometheusPower} scrapes a DCGM-exporter or other Prometheus endpoint, {@link NoPower}
 * measures nothing (and every per-MW figure is then absent).
 */
public sealed interface PowerSampler extends AutoCloseable permits NoPower, PolledPower {
  /** Starts polling in the background. */
  void start();

  /** Power over {@code [fromNs, toNs]} ({@code System.nanoTime()}); empty when no reading falls in it. */
  Optional<PowerSummary> summary(long fromNs, long toNs);

  /** Power over the whole run; empty without readings. */
  Optional<PowerSummary> overall();

  /** Readings that failed. */
  int failures();

  /** What it measures, for logs and results ({@code none}, the command, the URL). */
  String describe();

  @Override
  void close();

  /** {@code url} without any {@code user:password@} part, for logs and artifacts. */
  static String withoutUserInfo(String url) {
    return url.replaceFirst("^([a-zA-Z][a-zA-Z0-9+.-]*://)[^/@]*@", "$1");
  }

  /**
   * The sampler the settings ask for ({@code infermark.power-sampler}).
   *
   * @throws IllegalArgumentException naming the setting when the choice or its parameters are bad
   */
  static PowerSampler fromSettings(Settings settings, Consumer<String> log) {
    Duration interval = settings.get(PowerKeys.POWER_INTERVAL);
    if (interval.isZero()) {
      throw new IllegalArgumentException(PowerKeys.POWER_INTERVAL + " must be positive");
    }
    String kind = settings.get(PowerKeys.POWER_SAMPLER).trim();
    return switch (kind) {
      case "none", "" -> new NoPower();
      case "nvidia-smi" -> {
        List<String> cmd = Arrays.stream(settings.get(PowerKeys.POWER_COMMAND).trim().split("\\s+")).toList();
        yield new NvidiaSmiPower(cmd, interval, log);
      }
      case "prometheus", "dcgm" -> {
        String url = settings.get(PowerKeys.POWER_DCGM_URL);
        if (url == null || url.isBlank()) {
          throw new IllegalArgumentException(PowerKeys.POWER_SAMPLER + "=" + kind + " needs " + PowerKeys.POWER_DCGM_URL);
        }
        yield new PrometheusPower(URI.create(url.trim()), settings.get(PowerKeys.POWER_METRICS), interval, log);
      }
      default -> throw new IllegalArgumentException(PowerKeys.POWER_SAMPLER + ": unknown sampler '" + kind
          + "' (use none, nvidia-smi or prometheus)");
    };
  }
}
