package dev.infermark.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The options of {@code aiperf profile} as AIPerf documents them (resource
 * {@code aiperf-profile-flags.txt}): to tell an AIPerf flag infermark does not support from a flag
 * nobody knows, and to accept AIPerf's other spellings of the flags infermark does support.
 */
final class AiperfFlags {
  private static final String RESOURCE = "aiperf-profile-flags.txt";

  /** Why some unsupported AIPerf flags have no counterpart, beyond "not supported". */
  private static final Map<String, String> HINTS = Map.ofEntries(
      Map.entry("--extra-verbose", "infermark has one more level of output, --verbose"),
      Map.entry("--log-level", "infermark has no log levels; --verbose prints more"),
      Map.entry("--config", "put settings in junit-platform.properties or INFERMARK_* environment variables (docs/settings.md)"),
      Map.entry("--workers-max", "infermark runs in one JVM on virtual threads: there are no worker processes to size"),
      Map.entry("--record-processor-service-count", "infermark runs in one JVM: there are no services to size"),
      Map.entry("--zmq-host", "infermark runs in one JVM: there is no message bus"),
      Map.entry("--zmq-ipc-path", "infermark runs in one JVM: there is no message bus"),
      Map.entry("--zmq-dual-bind", "infermark runs in one JVM: there is no message bus"),
      Map.entry("--session-header", "infermark's session-affinity headers are chosen with --session-headers"),
      Map.entry("--gpu-telemetry", "infermark scrapes the servers' Prometheus metrics (--server-metrics); AgentPerf "
          + "samples power with --power-sampler"),
      Map.entry("--slice-duration", "the HTML report (infermark report) draws the run over time"),
      Map.entry("--search-recipe", "an SLA search is --search-space SETTING:FROM,TO with the scenario's @Slo or --search-sla "
          + "(max-concurrency-under-sla: --search-space concurrency:1,1024; docs/sweeps.md)"),
      Map.entry("--ttft-sla-ms", "give --search-sla time_to_first_token:p95:lt:MS"),
      Map.entry("--tpot-sla-ms", "give --search-sla inter_token_latency:p95:lt:MS"),
      Map.entry("--itl-sla-ms", "give --search-sla inter_token_latency:p95:lt:MS"),
      Map.entry("--e2e-sla-ms", "give --search-sla request_latency:p99:lt:MS"),
      Map.entry("--error-rate-sla", "every run's error_rate check does this: --failed-request-threshold"),
      Map.entry("--concurrency-min", "sweep with a list (--concurrency 1,2,4,8) or search with --search-space concurrency:MIN,MAX"),
      Map.entry("--concurrency-max", "sweep with a list (--concurrency 1,2,4,8) or search with --search-space concurrency:MIN,MAX"));

  private final List<List<String>> options;

  private AiperfFlags(List<List<String>> options) {
    this.options = options;
  }

  static AiperfFlags load() {
    try (InputStream in = AiperfFlags.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("resource " + RESOURCE + " is missing from the class path");
      }
      return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static AiperfFlags parse(List<String> lines) {
    List<List<String>> options = new ArrayList<>();
    for (String line : lines) {
      String t = line.strip();
      if (!t.isEmpty() && !t.startsWith("#")) {
        options.add(List.of(t.split("\\s+")));
      }
    }
    return new AiperfFlags(List.copyOf(options));
  }

  /** Every option, as its spellings ({@code [--model-names, --model, -m]}). */
  List<List<String>> options() {
    return options;
  }

  /** The option one of whose spellings is {@code flag}. */
  Optional<List<String>> option(String flag) {
    return options.stream().filter(o -> o.contains(flag)).findFirst();
  }

  boolean isAiperfFlag(String flag) {
    return option(flag).isPresent();
  }

  /** Why infermark has no counterpart of this AIPerf flag, when there is more to say than that. */
  Optional<String> hint(String flag) {
    return option(flag).flatMap(o -> o.stream().map(HINTS::get).filter(h -> h != null).findFirst());
  }

  /**
   * The Markdown of docs/cli.md between its {@code aiperf-flags} markers: which AIPerf options
   * infermark takes (and as which setting), which it accepts without effect, which it rejects.
   */
  String markdown(SettingFlags flags, Map<String, String> acceptedWithoutEffect) {
    Map<String, String> ours = new LinkedHashMap<>();
    flags.flags().forEach(f -> {
      f.names().forEach(n -> ours.put(n, "`" + f.key().name() + "`"));
      f.negation().ifPresent(n -> ours.put(n, "`" + f.key().name() + "` = false"));
    });
    StringBuilder taken = new StringBuilder("| AIPerf option | infermark setting |\n|---|---|\n");
    List<String> rejected = new ArrayList<>();
    List<String> why = new ArrayList<>();
    int takenCount = 0;
    for (List<String> o : options) {
      String spellings = String.join(", ", o.stream().map(f -> "`" + f + "`").toList());
      String setting = o.stream().map(ours::get).filter(x -> x != null).findFirst().orElse(null);
      if (setting != null) {
        taken.append("| ").append(spellings).append(" | ").append(setting).append(" |\n");
        takenCount++;
      } else if (o.stream().anyMatch(acceptedWithoutEffect::containsKey)) {
        taken.append("| ").append(spellings).append(" | accepted, no effect: ")
            .append(o.stream().map(acceptedWithoutEffect::get).filter(x -> x != null).findFirst().orElseThrow()).append(" |\n");
        takenCount++;
      } else {
        rejected.add(spellings);
        hint(o.getFirst()).ifPresent(h -> why.add("- " + spellings + ": " + h));
      }
    }
    return "infermark takes " + takenCount + " of the " + options.size() + " options of `aiperf profile`:\n\n" + taken
        + "\nIt rejects the other " + rejected.size() + ", naming them (the run does not start):\n"
        + String.join(", ", rejected) + ".\n\nSome of them, and why:\n" + String.join("\n", why) + "\n";
  }

  /**
   * AIPerf's other spellings of each setting that is one of its options: {@code -m} and
   * {@code --model-names} for {@code model}, {@code --output-artifact-dir} for {@code artifact-dir}.
   *
   * @param isSetting whether a name (without dashes) is an infermark setting
   * @return alias flag → setting name
   */
  Map<String, String> aliases(java.util.function.Predicate<String> isSetting) {
    Map<String, String> out = new LinkedHashMap<>();
    for (List<String> o : options) {
      o.stream().filter(f -> f.startsWith("--") && isSetting.test(f.substring(2))).findFirst().ifPresent(flag -> {
        for (String other : o) {
          if (!other.equals(flag)) {
            out.put(other, flag.substring(2));
          }
        }
      });
    }
    return out;
  }
}
