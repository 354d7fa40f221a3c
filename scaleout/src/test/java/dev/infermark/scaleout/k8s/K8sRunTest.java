package dev.infermark.scaleout.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;

/**
 * The controller against the client library's mock API server (CRUD mode): the test plays the
 * cluster's part (the job controller's status updates and pods) and checks what the controller
 * submits and when.
 */
@EnableKubernetesMockClient(crud = true)
class K8sRunTest {
  static KubernetesClient client;
  static KubernetesMockServer server;

  @TempDir
  Path logs;

  private Job awaitJob(String name) {
    return client.batch().v1().jobs().inNamespace("bench").withName(name).waitUntilCondition(j -> j != null, 90,
        TimeUnit.SECONDS);
  }

  private void complete(String name, int succeeded, int failed) {
    Job j = client.batch().v1().jobs().inNamespace("bench").withName(name).get();
    j.setStatus(new JobStatusBuilder().withSucceeded(succeeded).withFailed(failed).withActive(0)
        .withFailedIndexes(failed > 0 ? "2" : null).build());
    client.batch().v1().jobs().inNamespace("bench").resource(j).updateStatus();
  }

  private void pod(String job, int index) {
    client.pods().inNamespace("bench").resource(new PodBuilder().withNewMetadata().withName(job + "-" + index)
        .withLabels(Map.of("job-name", job))
        .withAnnotations(Map.of("batch.kubernetes.io/job-completion-index", Integer.toString(index))).endMetadata()
        .build()).create();
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void submitsTheShardsFollowsThemThenMerges() throws Exception {
    ShardedJob spec = JobRendererTest.spec();
    List<String> out = new CopyOnWriteArrayList<>();
    CompletableFuture<K8sRun.Outcome> run = CompletableFuture.supplyAsync(
        () -> new K8sRun(client, Duration.ofSeconds(120), out::add).run(spec, logs));

    Job shards = awaitJob("chat-8");
    assertThat(shards.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(shards.getSpec().getParallelism()).isEqualTo(8);
    assertThat(client.batch().v1().jobs().inNamespace("bench").withName("chat-8-merge").get())
        .as("no merge before the shards completed").isNull();
    for (int i = 0; i < 8; i++) {
      pod("chat-8", i);
    }
    complete("chat-8", 8, 0);

    Job merge = awaitJob("chat-8-merge");
    assertThat(merge.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand())
        .contains("dev.infermark.scaleout.Merge");
    pod("chat-8-merge", 0);
    complete("chat-8-merge", 1, 0);

    K8sRun.Outcome o = run.get(90, TimeUnit.SECONDS);
    assertThat(o.merged()).as(String.join("\n", out)).isTrue();
    assertThat(o.logs()).extracting(p -> p.getFileName().toString()).contains("shard-0.log", "shard-7.log",
        "merge.log");
    assertThat(out).anyMatch(l -> l.contains("succeeded 8"));
  }

  @Test
  void aJobOfAnotherRunWithTheSameNameIsAnError() {
    ShardedJob spec = new ShardedJob("taken", "bench", "img", "com.example.Chat", 2, Map.of(), "pvc", "run-a",
        java.time.Instant.EPOCH, null);
    client.batch().v1().jobs().inNamespace("bench").resource(JobRenderer.shards(new ShardedJob("taken", "bench", "img",
        "com.example.Chat", 2, Map.of(), "pvc", "run-b", java.time.Instant.EPOCH, null))).create();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new K8sRun(client, Duration.ofSeconds(5), l -> { })
        .run(spec, logs)).hasMessageContaining("another run (run id run-b)");
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aFailedShardMeansNoMerge() throws Exception {
    ShardedJob spec = new ShardedJob("chat-3", "bench", "img", "com.example.Chat", 3, Map.of(), "pvc", "r",
        java.time.Instant.EPOCH, null);
    CompletableFuture<K8sRun.Outcome> run = CompletableFuture.supplyAsync(
        () -> new K8sRun(client, Duration.ofSeconds(120), l -> { }).run(spec, logs));
    awaitJob("chat-3");
    complete("chat-3", 2, 1);
    K8sRun.Outcome o = run.get(90, TimeUnit.SECONDS);
    assertThat(o.merged()).isFalse();
    assertThat(o.message()).contains("failed").contains("indexes 2");
    assertThat(client.batch().v1().jobs().inNamespace("bench").withName("chat-3-merge").get()).isNull();
  }
}
