package dev.infermark.scaleout.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * Renders a {@link ShardedJob} as Kubernetes objects (the API's own model classes, so the manifests
 * are what the API server accepts): the shards' Indexed Job and the merge Job.
 *
 * <p>Shard pod: {@code completionMode: Indexed}, {@code parallelism = completions = shards}, no retries
 * (a shard run again would not be the same run), the scenario's settings as {@code INFERMARK_*}
 * variables plus {@code INFERMARK_SHARD_COUNT}, {@code INFERMARK_RUN_ID}, {@code INFERMARK_START_AT},
 * {@code INFERMARK_SHARD_INDEX} (from the pod's completion-index annotation, which Kubernetes also
 * sets as {@code JOB_COMPLETION_INDEX}) and {@code INFERMARK_ARTIFACT_DIR=/out}, where the claim is
 * mounted at {@code shard-<index>} ({@code subPathExpr}). The merge pod mounts the whole claim and
 * writes {@code /out/merged}.
 */
public final class JobRenderer {
  /** Where the shared volume is mounted. */
  static final String OUT = "/out";
  /** Jib's layout: the class path file it writes into the image. */
  static final List<String> JAVA = List.of("java", "-cp", "@/app/jib-classpath-file");
  /** The label every object of one run carries. */
  public static final String RUN_LABEL = "infermark.dev/run";
  /** The annotation holding the run's id (its {@code benchmark_id}): tells this run's Jobs from an earlier run's. */
  public static final String RUN_ID = "infermark.dev/run-id";

  private JobRenderer() {}

  /** The shards' Indexed Job. */
  public static Job shards(ShardedJob j) {
    List<EnvVar> env = new ArrayList<>();
    env.add(new EnvVarBuilder().withName("INFERMARK_SHARD_INDEX").withNewValueFrom().withNewFieldRef()
        .withFieldPath("metadata.annotations['batch.kubernetes.io/job-completion-index']").endFieldRef().endValueFrom()
        .build());
    env.add(var("shard-count", Integer.toString(j.shards())));
    env.add(var("run-id", j.runId()));
    env.add(var("start-at", j.startAt().toString()));
    env.add(var("artifact-dir", OUT));
    new TreeMap<>(j.settings()).forEach((k, v) -> env.add(var(k, v)));
    if (j.apiKeySecret() != null) {
      // the key stays in its Secret: never in the manifest, a log or an artifact
      env.add(new EnvVarBuilder().withName("OPENAI_API_KEY").withNewValueFrom().withNewSecretKeyRef()
          .withName(j.apiKeySecret()).withKey("api-key").endSecretKeyRef().endValueFrom().build());
    }
    List<String> command = new ArrayList<>(JAVA);
    command.add("dev.infermark.scaleout.ShardRun");
    command.add(j.scenario());
    Container shard = new ContainerBuilder().withName("shard").withImage(j.image()).withCommand(command).withEnv(env)
        .addNewVolumeMount().withName("out").withMountPath(OUT).withSubPathExpr("shard-$(INFERMARK_SHARD_INDEX)")
        .endVolumeMount().build();
    return new JobBuilder().withNewMetadata().withName(j.name()).withNamespace(j.namespace())
        .withLabels(Map.of(RUN_LABEL, j.name())).withAnnotations(Map.of(RUN_ID, j.runId())).endMetadata()
        .withNewSpec().withCompletionMode("Indexed").withCompletions(j.shards()).withParallelism(j.shards())
        .withBackoffLimit(0)
        .withNewTemplate().withNewMetadata().withLabels(Map.of(RUN_LABEL, j.name())).endMetadata()
        .withNewSpec().withRestartPolicy("Never").withContainers(shard)
        .addNewVolume().withName("out").withNewPersistentVolumeClaim().withClaimName(j.claim()).endPersistentVolumeClaim()
        .endVolume().endSpec().endTemplate().endSpec().build();
  }

  /** The merge Job: one pod reading every shard's folder from the claim, writing {@code /out/merged}. */
  public static Job merge(ShardedJob j) {
    List<String> command = new ArrayList<>(JAVA);
    command.add("dev.infermark.scaleout.Merge");
    command.add("-o");
    command.add(OUT + "/merged");
    for (int i = 0; i < j.shards(); i++) {
      command.add(OUT + "/shard-" + i);
    }
    Container merge = new ContainerBuilder().withName("merge").withImage(j.image()).withCommand(command)
        .addNewVolumeMount().withName("out").withMountPath(OUT).endVolumeMount().build();
    return new JobBuilder().withNewMetadata().withName(j.name() + "-merge").withNamespace(j.namespace())
        .withLabels(Map.of(RUN_LABEL, j.name())).withAnnotations(Map.of(RUN_ID, j.runId())).endMetadata()
        .withNewSpec().withCompletions(1).withParallelism(1).withBackoffLimit(0)
        .withNewTemplate().withNewMetadata().withLabels(Map.of(RUN_LABEL, j.name())).endMetadata()
        .withNewSpec().withRestartPolicy("Never").withContainers(merge)
        .addNewVolume().withName("out").withNewPersistentVolumeClaim().withClaimName(j.claim()).endPersistentVolumeClaim()
        .endVolume().endSpec().endTemplate().endSpec().build();
  }

  /** Both Jobs as one YAML list ({@code kubectl apply -f}; the merge Job is applied once the shards completed). */
  public static String yaml(ShardedJob j) {
    KubernetesList list = new KubernetesListBuilder().withItems(List.<HasMetadata>of(shards(j), merge(j))).build();
    return Serialization.asYaml(list);
  }

  private static EnvVar var(String setting, String value) {
    return new EnvVarBuilder().withName(ShardedJob.env(setting)).withValue(value).build();
  }
}
