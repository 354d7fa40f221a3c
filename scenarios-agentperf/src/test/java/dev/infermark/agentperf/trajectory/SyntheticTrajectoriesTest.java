package dev.infermark.agentperf.trajectory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.infermark.agentperf.SpaceTokenizer;
import dev.infermark.agentperf.phase.Percentiles;
import dev.infermark.api.request.ChatMessage;

class SyntheticTrajectoriesTest {
  static SyntheticTrajectories pool;
  static List<Trajectory> all = new ArrayList<>();

  @BeforeAll
  static void build() {
    pool = new SyntheticTrajectories(7, 500, 30, 200, 131072, 16384, SpaceTokenizer.INSTANCE);
    for (int i = 0; i < pool.size(); i++) {
      all.add(pool.get(i));
    }
  }

  @Test
  void sameSeedSameTrajectoryDifferentSeedDifferent() {
    SyntheticTrajectories again = new SyntheticTrajectories(7, 500, 30, 200, 131072, 16384, SpaceTokenizer.INSTANCE);
    SyntheticTrajectories other = new SyntheticTrajectories(8, 500, 30, 200, 131072, 16384, SpaceTokenizer.INSTANCE);
    Trajectory a = pool.get(17);
    Trajectory b = again.get(17);
    assertThat(b.turns()).hasSameSizeAs(a.turns());
    Turn last = a.turns().getLast();
    assertThat(text(b.turns().getLast().messages())).isEqualTo(text(last.messages()));
    assertThat(b.turns().getLast().toolDelay()).isEqualTo(last.toolDelay());
    assertThat(text(other.get(17).turns().get(0).messages())).isNotEqualTo(text(a.turns().get(0).messages()));
  }

  @Test
  void inputLengthsMatchTheSeed() {
    double[] isl = all.stream().flatMap(t -> t.turns().stream()).mapToDouble(Turn::inputTokens).toArray();
    double mean = java.util.Arrays.stream(isl).average().orElseThrow();
    double[] sorted = Percentiles.sorted(isl);
    // Seed: ISL about 5K to 131K tokens, mean about 27K.
    assertThat(mean).isBetween(20_000.0, 35_000.0);
    assertThat(sorted[0]).isBetween(4_000.0, 7_000.0);
    assertThat(sorted[sorted.length - 1]).isBetween(100_000.0, 131_072.0);
  }

  @Test
  void outputLengthsVaryWidely() {
    double[] osl = all.stream().flatMap(t -> t.turns().stream()).mapToDouble(Turn::targetOutputTokens).toArray();
    double[] sorted = Percentiles.sorted(osl);
    assertThat(Percentiles.of(sorted, 50)).isBetween(120.0, 190.0);
    assertThat(Percentiles.of(sorted, 95)).isBetween(1_400.0, 3_000.0);
    assertThat(sorted[0]).isLessThan(10);
  }

  @Test
  void toolDelaysSpanUnderATenthOfASecondToFiveSecondsWithMedianAboutOne() {
    List<Double> delays = all.stream().flatMap(t -> t.turns().stream()).filter(t -> !t.tools().isEmpty())
        .map(t -> t.toolDelay().toNanos() / 1e9).toList();
    double[] sorted = Percentiles.sorted(delays.stream().mapToDouble(Double::doubleValue).toArray());
    assertThat(Percentiles.of(sorted, 50)).isBetween(0.7, 1.3);
    assertThat(sorted[0]).isLessThan(0.1);
    assertThat(sorted[sorted.length - 1]).isLessThanOrEqualTo(5.0);
    // Per tool: grep is fast, bash slow.
    Map<String, List<Double>> byTool = new HashMap<>();
    all.stream().flatMap(t -> t.turns().stream()).filter(t -> !t.tools().isEmpty())
        .forEach(t -> byTool.computeIfAbsent(t.tools().get(0), k -> new ArrayList<>()).add(t.toolDelay().toNanos() / 1e9));
    assertThat(median(byTool.get("grep"))).isLessThan(median(byTool.get("bash")));
  }

  @Test
  void coversTwelvePlusLanguagesPythonFirst() {
    Map<String, Integer> counts = new HashMap<>();
    all.forEach(t -> counts.merge(t.language(), 1, Integer::sum));
    assertThat(counts.size()).isGreaterThanOrEqualTo(12);
    assertThat(counts.get("python")).isGreaterThan(counts.get("typescript"));
    assertThat(counts.get("typescript")).isGreaterThan(counts.getOrDefault("ruby", 0));
  }

  @Test
  void truncatedToTheModelContext() {
    SyntheticTrajectories small = new SyntheticTrajectories(7, 50, 30, 200, 16384, 16384, SpaceTokenizer.INSTANCE);
    for (int i = 0; i < small.size(); i++) {
      for (Turn t : small.get(i).turns()) {
        // Prompts stay within the context minus the reserve for the answer (context/8).
        assertThat(t.inputTokens()).isLessThanOrEqualTo(16384 - 2048);
        int counted = t.messages().stream().mapToInt(m -> SpaceTokenizer.INSTANCE.count(m.content().toString())).sum();
        assertThat((double) counted).isCloseTo(t.inputTokens(), org.assertj.core.data.Percentage.withPercentage(15));
      }
    }
  }

  private static double median(List<Double> v) {
    return Percentiles.of(Percentiles.sorted(v.stream().mapToDouble(Double::doubleValue).toArray()), 50);
  }

  private static String text(List<ChatMessage> ms) {
    StringBuilder b = new StringBuilder();
    ms.forEach(m -> b.append(m.role()).append(':').append(m.content()).append('\n'));
    return b.toString();
  }
}
