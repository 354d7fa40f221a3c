package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;

/**
 * {@code infermark k8s run} as a process (the shaded jar through bin/infermark, its kubeconfig from
 * {@code KUBECONFIG}) against the client library's mock API server (CRUD mode, plain HTTP on
 * loopback): the test plays the job controller, as scaleout's K8sRunTest does.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class K8sCommandIT {
  private static final Path LAUNCHER = Path.of(System.getProperty("cli.launcher", "../bin/infermark"));
  static KubernetesClient client;

  @TempDir
  Path tmp;

  private Job awaitJob(String name) {
    return client.batch().v1().jobs().inNamespace("bench").withName(name).waitUntilCondition(j -> j != null, 180,
        TimeUnit.SECONDS);
  }

  /** The job controller's part: one pod per index, then the Job's final counts. */
  private void finish(String job, int pods, int succeeded, int failed) {
    for (int i = 0; i < pods; i++) {
      client.pods().inNamespace("bench").resource(new PodBuilder().withNewMetadata().withName(job + "-" + i)
          .withLabels(Map.of("job-name", job))
          .withAnnotations(Map.of("batch.kubernetes.io/job-completion-index", Integer.toString(i))).endMetadata()
          .build()).create();
    }
    Job j = client.batch().v1().jobs().inNamespace("bench").withName(job).get();
    j.setStatus(new JobStatusBuilder().withSucceeded(succeeded).withFailed(failed).withActive(0).build());
    client.batch().v1().jobs().inNamespace("bench").resource(j).updateStatus();
  }

  @Test
  @Timeout(value = 6, unit = TimeUnit.MINUTES)
  void runSubmitsTheShardsFollowsThemAndMerges() throws Exception {
    Path kubeconfig = tmp.resolve("kubeconfig");
    Files.writeString(kubeconfig, """
        apiVersion: v1
        kind: Config
        clusters:
        - name: mock
          cluster:
            server: %s
        users:
        - name: tester
          user:
            token: not-a-secret
        contexts:
        - name: mock
          context:
            cluster: mock
            user: tester
        current-context: mock
        """.formatted(client.getMasterUrl()));
    Path logs = tmp.resolve("logs");
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    ProcessBuilder pb = new ProcessBuilder("bash", LAUNCHER.toAbsolutePath().toString(), "k8s", "run", "--name", "chat-3",
        "--namespace", "bench", "--image", "registry.local/infermark:1", "--scenario", "inferencex-agentx-mvp",
        "--shards", "3", "--claim", "out-pvc", "--set", "concurrency=6", "--timeout", "3m", "--logs", logs.toString())
        .directory(tmp.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("INFERMARK_") || k.toLowerCase().endsWith("_proxy"));
    pb.environment().put("KUBECONFIG", kubeconfig.toString());
    Process p = pb.start();
    try {
      Job shards;
      try {
        shards = awaitJob("chat-3");
      } catch (RuntimeException e) {
        throw new AssertionError("no Job submitted: " + Files.readString(out) + Files.readString(err), e);
      }
      assertThat(shards.getSpec().getCompletionMode()).isEqualTo("Indexed");
      assertThat(shards.getSpec().getCompletions()).isEqualTo(3);
      Container c = shards.getSpec().getTemplate().getSpec().getContainers().get(0);
      assertThat(c.getImage()).isEqualTo("registry.local/infermark:1");
      assertThat(c.getCommand()).endsWith("dev.infermark.agentx.InferencexAgentxMvp");
      assertThat(c.getEnv()).anySatisfy(e -> assertThat(e.getName() + "=" + e.getValue())
          .isEqualTo("INFERMARK_CONCURRENCY=6"));
      assertThat(client.batch().v1().jobs().inNamespace("bench").withName("chat-3-merge").get())
          .as("no merge before the shards completed").isNull();
      finish("chat-3", 3, 3, 0);

      Job merge = awaitJob("chat-3-merge");
      assertThat(merge.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand())
          .contains("dev.infermark.scaleout.Merge").endsWith("/out/shard-0", "/out/shard-1", "/out/shard-2");
      finish("chat-3-merge", 1, 1, 0);

      assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("k8s run ends once the merge Job succeeded").isTrue();
    } finally {
      p.destroyForcibly();
    }
    String stdout = Files.readString(out);
    assertThat(p.exitValue()).as(stdout + Files.readString(err)).isZero();
    assertThat(stdout).contains("k8s: submitted Indexed Job bench/chat-3 (3 shards")
        .contains("k8s: merged into /out/merged on claim out-pvc");
    assertThat(List.of("shard-0.log", "shard-1.log", "shard-2.log", "merge.log"))
        .allSatisfy(f -> assertThat(logs.resolve(f)).exists());
  }
}
