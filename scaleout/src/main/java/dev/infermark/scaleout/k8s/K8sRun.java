package dev.infermark.scaleout.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;

/**
 * The controller of a sharded run on a cluster: submits the shards' Indexed Job, follows it until
 * every index completed (or one failed), keeps each shard pod's log, then runs the merge Job on the
 * shared volume and keeps its log (the merged run's console table). The merged run folder stays on
 * the volume ({@code /out/merged}).
 */
public final class K8sRun {
  /** How a run on the cluster ended. */
  public record Outcome(boolean merged, String message, List<Path> logs) {}

  private final KubernetesClient client;
  private final Duration timeout;
  private final Consumer<String> out;

  /**
   * @param timeout how long each Job may take, from its submission to its end
   */
  public K8sRun(KubernetesClient client, Duration timeout, Consumer<String> out) {
    this.client = client;
    this.timeout = timeout;
    this.out = out;
  }

  /**
   * Runs the sharded run and its merge.
   *
   * @param logDir where the pods' logs are written (created)
   * @throws KubernetesClientException when the API server refuses a Job (named in the message)
   */
  public Outcome run(ShardedJob spec, Path logDir) {
    List<Path> logs = new ArrayList<>();
    Job shards = JobRenderer.shards(spec);
    create(shards, spec.runId());
    out.accept("k8s: submitted Indexed Job " + spec.namespace() + "/" + spec.name() + " (" + spec.shards()
        + " shards, profiling starts at " + spec.startAt() + ")");
    Job done = await(spec.namespace(), spec.name(), spec.shards());
    logs.addAll(keepLogs(spec.namespace(), spec.name(), logDir, "shard-"));
    if (done == null) {
      return new Outcome(false, "the shards did not finish within " + timeout.toSeconds() + " s", logs);
    }
    if (!succeeded(done, spec.shards())) {
      return new Outcome(false, "shard(s) failed" + failedIndexes(done) + "; nothing merged (logs: " + logDir + ")",
          logs);
    }
    Job merge = JobRenderer.merge(spec);
    create(merge, spec.runId());
    out.accept("k8s: every shard completed; merging (" + merge.getMetadata().getName() + ")");
    Job merged = await(spec.namespace(), merge.getMetadata().getName(), 1);
    logs.addAll(keepLogs(spec.namespace(), merge.getMetadata().getName(), logDir, "merge"));
    if (merged == null || !succeeded(merged, 1)) {
      return new Outcome(false, "the merge Job " + (merged == null ? "did not finish in time" : "failed") + " (logs: "
          + logDir + ")", logs);
    }
    return new Outcome(true, "merged into " + JobRenderer.OUT + "/merged on claim " + spec.claim(), logs);
  }

  /**
   * Creates the Job. A create the client sent again (a retry after a slow answer) finds this run's own
   * Job there (same run id) and goes on; a Job of that name from another run is an error.
   */
  void create(Job job, String runId) {
    String ns = job.getMetadata().getNamespace();
    try {
      client.batch().v1().jobs().inNamespace(ns).resource(job).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      Job there = client.batch().v1().jobs().inNamespace(ns).withName(job.getMetadata().getName()).get();
      String id = there == null || there.getMetadata().getAnnotations() == null ? null
          : there.getMetadata().getAnnotations().get(JobRenderer.RUN_ID);
      if (!runId.equals(id)) {
        throw new IllegalStateException("a Job " + ns + "/" + job.getMetadata().getName() + " of another run (run id "
            + id + ") exists: delete it (kubectl delete job) or choose another --name", e);
      }
    }
  }

  /** Waits for the Job to end, printing its counts as they change; {@code null} on timeout. */
  Job await(String ns, String name, int completions) {
    AtomicReference<String> last = new AtomicReference<>("");
    try {
      return client.batch().v1().jobs().inNamespace(ns).withName(name).waitUntilCondition(j -> {
        if (j == null) {
          return false;
        }
        JobStatus st = j.getStatus();
        String now = st == null ? "pending" : "active " + n(st.getActive()) + ", succeeded " + n(st.getSucceeded())
            + ", failed " + n(st.getFailed());
        if (!now.equals(last.getAndSet(now))) {
          out.accept("k8s: " + name + ": " + now);
        }
        return succeeded(j, completions) || failed(j);
      }, timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (KubernetesClientTimeoutException e) {
      return null;
    }
  }

  private static int n(Integer i) {
    return i == null ? 0 : i;
  }

  static boolean succeeded(Job j, int completions) {
    return j.getStatus() != null && (n(j.getStatus().getSucceeded()) >= completions || condition(j, "Complete"));
  }

  static boolean failed(Job j) {
    return j.getStatus() != null && (n(j.getStatus().getFailed()) > 0 || condition(j, "Failed"));
  }

  private static boolean condition(Job j, String type) {
    List<JobCondition> cs = j.getStatus().getConditions();
    return cs != null && cs.stream().anyMatch(c -> type.equals(c.getType()) && "True".equals(c.getStatus()));
  }

  static String failedIndexes(Job j) {
    String f = j.getStatus().getFailedIndexes();
    return f == null || f.isBlank() ? "" : " (indexes " + f + ")";
  }

  /** Writes each of the Job's pods' logs to {@code <prefix><index>.log}; a log that cannot be read is noted. */
  List<Path> keepLogs(String ns, String job, Path dir, String prefix) {
    List<Path> written = new ArrayList<>();
    List<Pod> pods;
    try {
      Files.createDirectories(dir);
      pods = client.pods().inNamespace(ns).withLabel("job-name", job).list().getItems();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
    for (Pod p : pods) {
      String index = p.getMetadata().getAnnotations() == null ? null
          : p.getMetadata().getAnnotations().get("batch.kubernetes.io/job-completion-index");
      Path file = dir.resolve(prefix + (prefix.endsWith("-") ? Objects.requireNonNullElse(index, p.getMetadata().getName())
          : "") + ".log");
      String text;
      try {
        text = client.pods().inNamespace(ns).withName(p.getMetadata().getName()).getLog();
      } catch (KubernetesClientException e) {
        text = "(log not available: " + e.getMessage() + ")\n";
      }
      try {
        Files.writeString(file, text == null ? "" : text);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
      }
      written.add(file);
    }
    return written;
  }
}
