package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The engine model against the profile's schedule: inter-token times measured on the ground truth
 * (the engine's own step ends) match the profile's step time for the batch size, within the
 * stated tolerances, and grow with concurrency.
 */
class EngineModelTest {
  /**
   * Median gap between scheduled token times, over tokens 6..n-2 of every stream (steady decode).
   * The median ignores the rare gap stretched when the scheduler fell more than 20 ms behind.
   */
  private static double medianItlMs(Simulator sim, List<String> ids) {
    List<Long> gaps = new ArrayList<>();
    for (String id : ids) {
      long[] t = sim.groundTruth(id).orElseThrow().chunkScheduledNs();
      for (int i = 6; i < t.length - 2; i++) {
        gaps.add(t[i] - t[i - 1]);
      }
    }
    java.util.Collections.sort(gaps);
    return gaps.get(gaps.size() / 2) / 1e6;
  }

  private static List<String> run(Simulator sim, int concurrency, int tokens, String tag) throws Exception {
    List<String> ids = new ArrayList<>();
    try (TestClient c = new TestClient(sim.baseUri()); ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<TestClient.Reply>> fs = new ArrayList<>();
      for (int i = 0; i < concurrency; i++) {
        String id = tag + "-" + i;
        ids.add(id);
        fs.add(ex.submit(() -> c.post("/v1/chat/completions", TestClient.chat(TestClient.words(20, id), tokens, true,
            true), id)));
      }
      for (Future<TestClient.Reply> f : fs) {
        assertThat(f.get(120, TimeUnit.SECONDS).status()).isEqualTo(200);
      }
    }
    return ids;
  }

  @Test
  void perStreamSpeedFallsWithConcurrencyAsTheTinyProfileModels() throws Exception {
    Profile p = Profile.TINY;
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().profile(p).build())) {
      // 200-token streams (0.4-0.8 s) so that all 32 overlap for most of their length even when
      // the client's requests leave a loaded machine spread over a few hundred ms.
      double one = medianItlMs(sim, run(sim, 1, 200, "c1"));
      double many = medianItlMs(sim, run(sim, 32, 200, "c32"));
      // Steady decode: batch 1 holds ~30+100 tokens of context; batch 32 about 32 times that.
      double predictedOne = p.stepNs(1, 0, 130) / 1e6;
      double predictedMany = p.stepNs(32, 0, 32 * 130L) / 1e6;
      // Scheduled times follow the modelled timeline; tolerance -2 %/+1.5 ms for a scheduler
      // that fell behind on a shared machine (a step is never shorter than modelled).
      assertThat(one).isBetween(predictedOne * 0.98, predictedOne + 1.5);
      assertThat(many).isBetween(predictedMany * 0.9, predictedMany + 1.5);
      assertThat(many / one).isGreaterThan(1.4);
    }
  }

  @Test
  void aFullKvCachePreemptsAndEveryRequestStillGetsItsExactLength() throws Exception {
    // 60 blocks of 16 tokens; each stream grows to 28 + 400 tokens = 27 blocks, so at most two fit.
    // At real tiny speed a stream lasts about a second, far longer than the spread of the arrivals.
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().kvBlocks(60).build())) {
      List<String> ids = run(sim, 4, 400, "pre");
      int preempted = 0;
      for (String id : ids) {
        GroundTruth gt = sim.groundTruth(id).orElseThrow();
        assertThat(gt.outputTokens()).isEqualTo(400);
        assertThat(gt.chunkSendNs()).hasSize(400);
        preempted += gt.preemptions();
      }
      assertThat(preempted).isPositive();
      assertThat(sim.metricsText()).containsPattern("vllm:num_preemptions_total\\{[^}]*} [1-9]");
    }
  }

  @Test
  void chunkedPrefillSplitsALongPromptOverStepsWithinTheTokenBudget() throws Exception {
    // 2000-token prompt, budget 512 tokens a step: 4 prefill steps (the 4th samples the first
    // token), then 1 decode step for the second token.
    try (Simulator sim = Simulator.start(SimulatorConfig.builder().maxBatchedTokens(512).build());
        TestClient c = new TestClient(sim.baseUri())) {
      c.post("/v1/chat/completions", TestClient.chat(TestClient.words(1992, "lp"), 2, true, true), "long");
      GroundTruth gt = sim.groundTruth("long").orElseThrow();
      assertThat(gt.promptTokens()).isEqualTo(2000);
      Profile p = Profile.TINY;
      long prefill = p.stepNs(0, 512, 512) + p.stepNs(0, 512, 1024) + p.stepNs(0, 512, 1536) + p.stepNs(0, 464, 2000);
      long modelled = prefill + p.stepNs(1, 0, 2001);
      var series = MetricsTest.parse(sim.metricsText());
      assertThat(series.get("infermark_sim_step_seconds_count{}").value()).isEqualTo(5);
      assertThat(series.get("infermark_sim_step_seconds_sum{}").value()).isCloseTo(modelled / 1e9,
          org.assertj.core.api.Assertions.within(1e-6));
      // the first token comes no earlier than the four prefill steps allow (engine time, parsing excluded)
      assertThat(gt.chunkScheduledNs()[0] - gt.queuedNs()).isGreaterThanOrEqualTo(prefill);
    }
  }
}
