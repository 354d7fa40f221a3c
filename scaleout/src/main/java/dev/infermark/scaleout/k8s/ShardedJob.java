package dev.infermark.scaleout.k8s;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a sharded run on Kubernetes is: {@code shards} pods of one Indexed Job, each running
 * {@code scenario} with {@code settings} (as {@code INFERMARK_*} environment variables) against the
 * same server, writing into its own folder of one shared volume; then one merge pod.
 *
 * @param name the run's name: the Jobs are {@code <name>} and {@code <name>-merge} (a DNS label)
 * @param namespace where they run
 * @param image the container image (module cli's Jib build: docs/scale-out.md)
 * @param scenario the scenario class each shard runs
 * @param shards how many pods (parallelism = completions)
 * @param settings {@code infermark.*} settings without the prefix ({@code url}, {@code concurrency}, ...)
 * @param claim the PersistentVolumeClaim (ReadWriteMany) the shards write into and the merge reads
 * @param runId the run's {@code benchmark_id}, shared by every shard
 * @param startAt the instant every shard starts profiling
 * @param apiKeySecret a Secret whose key {@code api-key} holds the server's API key (given to the shards
 *     as {@code OPENAI_API_KEY}), or {@code null}
 */
public record ShardedJob(String name, String namespace, String image, String scenario, int shards,
    Map<String, String> settings, String claim, String runId, Instant startAt, String apiKeySecret) {
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,51}[a-z0-9])?");
  /** Settings the job sets itself, per shard. */
  static final java.util.Set<String> OWN = java.util.Set.of("shard-index", "shard-count", "start-at", "run-id",
      "artifact-dir");

  public ShardedJob {
    if (name == null || !DNS_LABEL.matcher(name).matches()) {
      throw new IllegalArgumentException("--name: a DNS label of at most 53 characters (a-z, 0-9, -), got " + name);
    }
    if (shards < 1) {
      throw new IllegalArgumentException("--shards: at least 1, got " + shards);
    }
    for (String k : settings.keySet()) {
      if (OWN.contains(k)) {
        throw new IllegalArgumentException("infermark." + k + ": set by the launcher per shard, not by hand");
      }
      if (k.equals("api-key")) {
        throw new IllegalArgumentException("infermark.api-key: not written into a manifest; put the key in a Secret "
            + "and give its name with --api-key-secret");
      }
    }
    settings = Map.copyOf(new LinkedHashMap<>(settings));
  }

  /** The environment variable of setting {@code name} ({@code INFERMARK_NAME}). */
  static String env(String name) {
    return "INFERMARK_" + name.toUpperCase(Locale.ROOT).replace('-', '_').replace('.', '_');
  }
}
