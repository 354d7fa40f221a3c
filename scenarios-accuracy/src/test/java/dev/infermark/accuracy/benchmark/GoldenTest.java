package dev.infermark.accuracy.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.SharedData;
import dev.infermark.accuracy.data.TableReader;
import dev.infermark.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The MMLU few-shot and GPQA shuffle goldens computed with CPython. */
class GoldenTest {
  @Test
  void gpqaShuffleMatchesInlineGoldens() {
    assertThat(GpqaDiamond.order("hello")).containsExactly(3, 0, 1, 2);
    assertThat(GpqaDiamond.order("alpha")).containsExactly(2, 0, 1, 3);
    assertThat(GpqaDiamond.order("beta")).containsExactly(2, 1, 0, 3);
    assertThat(GpqaDiamond.seed("hello")).isEqualTo(2475399204L);
  }

  @Test
  void gpqaShuffleMatchesSharedGoldens() throws Exception {
    JsonNode g = Json.MAPPER.readTree(SharedData.file("gpqa_diamond/shuffle_golden_vectors.json").toFile());
    int n = 0;
    for (JsonNode v : g.path("vectors")) {
      String key = v.path("key").asString();
      assertThat(GpqaDiamond.seed(key)).as(key).isEqualTo(v.path("seed").asLong());
      List<Integer> want = new ArrayList<>();
      v.path("order").forEach(x -> want.add(x.asInt()));
      assertThat(GpqaDiamond.order(key)).as(key).isEqualTo(want);
      assertThat(String.valueOf("ABCD".charAt(GpqaDiamond.order(key).indexOf(0)))).isEqualTo(v.path("gold_letter").asString());
      n++;
    }
    assertThat(n).isEqualTo(6);
  }

  @Test
  void mmluBalancedFewShotsMatchGoldenForEverySubjectAndShotCount() throws Exception {
    JsonNode golden = Json.MAPPER.readTree(SharedData.file("mmlu/fewshot_indices_golden.json").toFile()).path("n_shots");
    List<JsonNode> dev = TableReader.read(SharedData.file("mmlu/dev.jsonl"));
    int checked = 0;
    for (Map.Entry<String, JsonNode> byN : golden.properties()) {
      int n = Integer.parseInt(byN.getKey());
      for (Map.Entry<String, JsonNode> bySubject : byN.getValue().properties()) {
        List<JsonNode> rows = dev.stream().filter(r -> r.path("subject").asString().equals(bySubject.getKey())).toList();
        List<Integer> want = new ArrayList<>();
        bySubject.getValue().forEach(x -> want.add(x.asInt()));
        assertThat(Mmlu.balancedSample(rows, n)).as(bySubject.getKey() + " n=" + n).isEqualTo(want);
        checked++;
      }
    }
    assertThat(checked).isEqualTo(57 * 5);
  }
}
