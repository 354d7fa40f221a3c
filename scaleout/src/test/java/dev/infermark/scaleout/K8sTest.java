package dev.infermark.scaleout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;

class K8sTest {
  @TempDir
  Path dir;

  @Test
  void renderWritesBothJobsWithTheSettingsGiven() throws Exception {
    Path out = dir.resolve("run.yaml");
    int status = K8s.run(new String[] {"render", "--name", "smoke-3", "--image", "img:1", "--scenario", "com.example.S",
        "--shards", "3", "--claim", "pvc", "--set", "infermark.concurrency=6", "--set", "url=http://sim:8000", "-o",
        out.toString()}, null);
    assertThat(status).isZero();
    KubernetesList list = Serialization.unmarshal(Files.readString(out), KubernetesList.class);
    Job shards = (Job) list.getItems().get(0);
    assertThat(shards.getSpec().getCompletions()).isEqualTo(3);
    assertThat(shards.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
        .anySatisfy(e -> assertThat(e.getName() + "=" + e.getValue()).isEqualTo("INFERMARK_CONCURRENCY=6"))
        .anySatisfy(e -> assertThat(e.getName() + "=" + e.getValue()).isEqualTo("INFERMARK_URL=http://sim:8000"));
    assertThat(list.getItems().get(1).getMetadata().getName()).isEqualTo("smoke-3-merge");
  }

  @Test
  void badArgumentsAreAUsageError() throws Exception {
    assertThat(K8s.run(new String[] {"deploy"}, null)).isEqualTo(2);
    assertThat(K8s.run(new String[] {"render", "--name", "x"}, null)).isEqualTo(2);
    assertThat(K8s.run(new String[] {"render", "--name", "x", "--image", "i", "--scenario", "S", "--shards", "2",
        "--claim", "c", "--set", "shard-count=4"}, null)).isEqualTo(2);
  }
}
