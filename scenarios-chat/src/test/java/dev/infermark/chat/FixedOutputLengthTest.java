package dev.infermark.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.simulator.Simulator;
import dev.infermark.simulator.SimulatorConfig;
import dev.infermark.testkit.ScenarioTestKit;

/**
 * A scenario that asks for an output length gets it only when it says so: a cap ({@code maxTokens}) lets the server
 * stop at its end-of-sequence token, well short of the cap (issue 30: a mean of 119 of 512 tokens), while
 * {@code fixedOutputTokens} gets every answer of exactly that length. Against the simulator, whose answers without
 * {@code ignore_eos} stop at a seeded point of mean 128 tokens.
 */
class FixedOutputLengthTest {
  static Simulator sim;

  @BeforeAll
  static void start() throws Exception {
    sim = Simulator.start(SimulatorConfig.builder().timeScale(0.02).build());
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  private static List<Integer> outputLengths(Turn turn) {
    ScenarioTestKit.Run run = ScenarioTestKit.settings(Map.of("concurrency", "4", "request-count", "24",
        "benchmark-duration", "60s")).target(sim.baseUri()).run(Conversations.repeat(turn));
    assertThat(run.failure()).isNull();
    return run.records().stream().filter(r -> r.phase() == Phase.PROFILING && r.ok())
        .map(RequestRecord::outputSequenceLength).toList();
  }

  @Test
  void aCapIsNotALengthButAFixedOutputIs() {
    List<Integer> capped = outputLengths(Turn.user("write a long story").maxTokens(512));
    assertThat(capped).hasSize(24).allSatisfy(n -> assertThat(n).isBetween(1, 512));
    assertThat(capped.stream().mapToInt(Integer::intValue).average().orElseThrow()).isLessThan(300);

    assertThat(outputLengths(Turn.user("write a long story").fixedOutputTokens(512))).hasSize(24).containsOnly(512);
  }

  @Test
  void aFloorAloneKeepsTheAnswerFromEndingEarlier() {
    // min_tokens without ignore_eos: no end of sequence before the floor (vLLM's min_tokens)
    assertThat(outputLengths(new Turn("write a long story", 512, 400, false))).hasSize(24)
        .allSatisfy(n -> assertThat(n).isBetween(400, 512));
  }
}
