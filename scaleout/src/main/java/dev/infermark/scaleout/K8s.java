package dev.infermark.scaleout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import dev.infermark.scaleout.k8s.JobRenderer;
import dev.infermark.scaleout.k8s.K8sRun;
import dev.infermark.scaleout.k8s.ShardedJob;
import dev.infermark.settings.SettingKey;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

/**
 * {@code k8s render|run} options: renders a sharded run as Kubernetes Jobs (YAML), or runs it on the
 * cluster of the current kubeconfig (or the pod's service account) and merges it. See docs/scale-out.md.
 *
 * <pre>
 * k8s render --name chat --image REGISTRY/infermark-shard:TAG --scenario com.example.Chat --shards 8 \
 *     --claim infermark-out [--namespace NS] [--start-delay 120s] [--api-key-secret NAME] \
 *     [--set url=http://vllm:8000] [--set concurrency=512] ... [-o FILE]
 * k8s run    (the same options) [--timeout 2h] [--logs DIR]
 * </pre>
 */
public final class K8s {
  private K8s() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, null));
  }

  /** Runs the command; {@code client} is the API client to use for {@code run} ({@code null}: from the environment). */
  static int run(String[] args, KubernetesClient client) throws Exception {
    if (args.length == 0 || !(args[0].equals("render") || args[0].equals("run"))) {
      return usage("first argument: render or run");
    }
    Map<String, String> o = new LinkedHashMap<>();
    Map<String, String> settings = new LinkedHashMap<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (!a.startsWith("-") || i + 1 == args.length) {
        return usage("option without a value: " + a);
      }
      String v = args[++i];
      if (a.equals("--set")) {
        int eq = v.indexOf('=');
        if (eq <= 0) {
          return usage("--set takes name=value, got " + v);
        }
        String name = v.substring(0, eq).startsWith("infermark.") ? v.substring("infermark.".length(), eq)
            : v.substring(0, eq);
        settings.put(name, v.substring(eq + 1));
      } else {
        o.put(a, v);
      }
    }
    ShardedJob spec;
    try {
      for (String required : new String[] {"--name", "--image", "--scenario", "--shards", "--claim"}) {
        if (!o.containsKey(required)) {
          return usage("missing " + required);
        }
      }
      Duration delay = SettingKey.parseDuration(o.getOrDefault("--start-delay", "120s"));
      String name = o.get("--name");
      spec = new ShardedJob(name, o.getOrDefault("--namespace", "default"), o.get("--image"), o.get("--scenario"),
          Integer.parseInt(o.get("--shards")), settings, o.get("--claim"),
          o.getOrDefault("--run-id", name + "-" + UUID.randomUUID().toString().substring(0, 8)),
          Instant.now().plus(delay), o.get("--api-key-secret"));
    } catch (IllegalArgumentException e) {
      return usage(e.getMessage());
    }
    if (args[0].equals("render")) {
      String yaml = JobRenderer.yaml(spec);
      if (o.containsKey("-o")) {
        Files.writeString(Path.of(o.get("-o")), yaml);
      } else {
        System.out.print(yaml);
      }
      return 0;
    }
    Duration timeout = SettingKey.parseDuration(o.getOrDefault("--timeout", "2h"));
    Path logs = Path.of(o.getOrDefault("--logs", "k8s-" + spec.name()));
    try (KubernetesClient c = client != null ? null : new KubernetesClientBuilder().build()) {
      K8sRun.Outcome outcome = new K8sRun(client != null ? client : c, timeout, System.out::println).run(spec, logs);
      System.out.println("k8s: " + outcome.message());
      return outcome.merged() ? 0 : 1;
    }
  }

  private static int usage(String why) {
    System.err.println("k8s: " + why);
    System.err.println("usage: k8s render|run --name NAME --image IMAGE --scenario CLASS --shards N --claim PVC "
        + "[--namespace NS] [--start-delay 120s] [--run-id ID] [--api-key-secret SECRET] [--set name=value]... "
        + "[-o FILE (render)] [--timeout 2h] [--logs DIR (run)]");
    return 2;
  }
}
