package dev.infermark.scaleout.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;

class JobRendererTest {
  static ShardedJob spec() {
    return new ShardedJob("chat-8", "bench", "registry.local/infermark-shard:0.1", "com.example.Chat", 8,
        Map.of("url", "http://vllm:8000", "concurrency", "512", "benchmark-duration", "10m"), "infermark-out",
        "chat-8-abc", Instant.parse("2026-12-02T01:00:00Z"), "vllm-key");
  }

  private static String env(Container c, String name) {
    return c.getEnv().stream().filter(e -> e.getName().equals(name)).map(EnvVar::getValue).findFirst().orElse(null);
  }

  @Test
  void theShardsAreOneIndexedJobWithTheSettingsAsEnvironmentAndAFolderPerIndex() {
    Job job = JobRenderer.shards(spec());
    assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(job.getSpec().getCompletions()).isEqualTo(8);
    assertThat(job.getSpec().getParallelism()).isEqualTo(8);
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    var pod = job.getSpec().getTemplate().getSpec();
    assertThat(pod.getRestartPolicy()).isEqualTo("Never");
    Container c = pod.getContainers().get(0);
    assertThat(c.getImage()).isEqualTo("registry.local/infermark-shard:0.1");
    assertThat(c.getCommand()).containsExactly("java", "-cp", "@/app/jib-classpath-file",
        "dev.infermark.scaleout.ShardRun", "com.example.Chat");
    assertThat(env(c, "INFERMARK_URL")).isEqualTo("http://vllm:8000");
    assertThat(env(c, "INFERMARK_CONCURRENCY")).isEqualTo("512");
    assertThat(env(c, "INFERMARK_BENCHMARK_DURATION")).isEqualTo("10m");
    assertThat(env(c, "INFERMARK_SHARD_COUNT")).isEqualTo("8");
    assertThat(env(c, "INFERMARK_RUN_ID")).isEqualTo("chat-8-abc");
    assertThat(env(c, "INFERMARK_START_AT")).isEqualTo("2026-12-02T01:00:00Z");
    assertThat(env(c, "INFERMARK_ARTIFACT_DIR")).isEqualTo("/out");
    EnvVar index = c.getEnv().stream().filter(e -> e.getName().equals("INFERMARK_SHARD_INDEX")).findFirst().orElseThrow();
    assertThat(index.getValueFrom().getFieldRef().getFieldPath())
        .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
    EnvVar key = c.getEnv().stream().filter(e -> e.getName().equals("OPENAI_API_KEY")).findFirst().orElseThrow();
    assertThat(key.getValue()).as("the key is never in the manifest").isNull();
    assertThat(key.getValueFrom().getSecretKeyRef().getName()).isEqualTo("vllm-key");
    assertThat(c.getVolumeMounts().get(0).getSubPathExpr()).isEqualTo("shard-$(INFERMARK_SHARD_INDEX)");
    assertThat(pod.getVolumes().get(0).getPersistentVolumeClaim().getClaimName()).isEqualTo("infermark-out");
  }

  @Test
  void theMergeReadsEveryShardsFolder() {
    Container c = JobRenderer.merge(spec()).getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(c.getCommand()).containsSequence("dev.infermark.scaleout.Merge", "-o", "/out/merged", "/out/shard-0")
        .endsWith("/out/shard-7");
  }

  @Test
  void theYamlIsTheApisOwnModelAndReadsBack() {
    String yaml = JobRenderer.yaml(spec());
    KubernetesList list = Serialization.unmarshal(yaml, KubernetesList.class);
    assertThat(list.getItems()).hasSize(2);
    assertThat(list.getItems().get(0)).isEqualTo(JobRenderer.shards(spec()));
    assertThat(list.getItems().get(1)).isEqualTo(JobRenderer.merge(spec()));
    assertThat(yaml).contains("completionMode: \"Indexed\"").doesNotContain("api-key:");
  }

  @Test
  void settingsTheLauncherOwnsOrSecretsAreRefused() {
    assertThatThrownBy(() -> new ShardedJob("x", "d", "i", "S", 2, Map.of("shard-index", "1"), "c", "r", Instant.EPOCH,
        null)).hasMessageContaining("infermark.shard-index");
    assertThatThrownBy(() -> new ShardedJob("x", "d", "i", "S", 2, Map.of("api-key", "sk-1"), "c", "r", Instant.EPOCH,
        null)).hasMessageContaining("Secret");
    assertThatThrownBy(() -> new ShardedJob("Bad_Name", "d", "i", "S", 2, Map.of(), "c", "r", Instant.EPOCH, null))
        .hasMessageContaining("--name");
  }
}
