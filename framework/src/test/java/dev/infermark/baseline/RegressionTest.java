package dev.infermark.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.infermark.testdata.SharedData;

/** The regression gate's intervals and verdicts, and the other tools' results read for it. */
class RegressionTest {
  private static double[] lognormal(int n, double median, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = median * Math.exp(0.3 * r.nextGaussian());
    }
    return v;
  }

  private static double[] times(double[] v, double f) {
    double[] out = v.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] *= f;
    }
    return out;
  }

  @Test
  void theBootstrapIntervalHoldsTheTrueChangeAndJudgesIt() {
    double[] base = lognormal(400, 100, 1);
    double[] slower = times(lognormal(400, 100, 2), 1.2);
    ChangeInterval ci = ChangeInterval.bootstrap(base, slower, "p50", 1000, 0.95, 7);
    assertThat(ci.low()).isLessThan(0.2);
    assertThat(ci.high()).isGreaterThan(0.2);
    assertThat(ci.significant()).isTrue();
    RegressionCheck latency = new RegressionCheck("request_latency", "p50");
    RegressionResult r = new RegressionResult(latency, ci, 0.05, 0.95, null);
    assertThat(r.passed()).isFalse();
    assertThat(r.message()).contains("change +", "(95 % confidence, bootstrap): a significant regression beyond the 5 % threshold");
    // Faster is no regression, however significant; a throughput's fall is.
    assertThat(new RegressionResult(latency, ChangeInterval.bootstrap(slower, base, "p50", 1000, 0.95, 7), 0.05, 0.95, null)
        .passed()).isTrue();
    assertThat(new RegressionResult(new RegressionCheck("output_token_throughput_per_user", "avg"),
        ChangeInterval.bootstrap(slower, base, "avg", 1000, 0.95, 7), 0.05, 0.95, null).passed()).isFalse();
  }

  @Test
  void aSmallOrUncertainChangePasses() {
    double[] base = lognormal(400, 100, 1);
    // 1 % slower: within a 5 % threshold, significant or not
    assertThat(new RegressionResult(new RegressionCheck("request_latency", "p50"),
        ChangeInterval.bootstrap(base, times(base, 1.01), "p50", 1000, 0.95, 7), 0.05, 0.95, null).passed()).isTrue();
    // 30 % slower on three requests: beyond the threshold, but the interval holds 0
    ChangeInterval few = ChangeInterval.bootstrap(new double[] {100, 300, 50}, new double[] {130, 60, 390}, "avg", 1000, 0.95, 7);
    assertThat(few.significant()).isFalse();
    assertThat(new RegressionResult(new RegressionCheck("request_latency", "avg"), few, 0.05, 0.95, null).passed()).isTrue();
  }

  @Test
  void acrossTrialsWelchsIntervalIsUsed() {
    ChangeInterval ci = ChangeInterval.trials(new double[] {100, 102, 98, 101}, new double[] {120, 121, 119, 122}, 0.95);
    assertThat(ci.method()).isEqualTo("trials");
    assertThat(ci.change()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.01));
    assertThat(ci.low()).isGreaterThan(0.15);
    assertThat(ci.high()).isLessThan(0.25);
  }

  @Test
  void regressionMetricsAreMetricColonStat() {
    assertThat(RegressionCheck.parse(" request_latency:P50 ")).isEqualTo(new RegressionCheck("request_latency", "p50"));
    assertThatThrownBy(() -> RegressionCheck.parse("latency:p50")).hasMessageContaining("is not METRIC:STAT");
    assertThatThrownBy(() -> RegressionCheck.parse("request_latency:p500")).hasMessageContaining("no statistic p500");
  }

  @Test
  void aiperfsFolderAndVllmsResultAreReadInOurTerms() {
    Path aiperf = SharedData.require("peer-outputs/aiperf-200x200");
    Path vllm = SharedData.require("peer-outputs/vllm-bench/vllm-bench-200x200.json");
    ComparedRun a = ComparedRun.read(aiperf);
    assertThat(a.tool()).isEqualTo(ComparedRun.Tool.AIPERF);
    assertThat(a.scenario()).isNull();
    assertThat(a.settings()).containsEntry("concurrency", "200").containsEntry("model", "floor").containsEntry("request-count", "200");
    assertThat(a.samples("time_to_first_token")).hasSize(200);
    assertThat(a.trialValues("time_to_first_token", "p50")).containsExactly(25.8569505);
    ComparedRun v = ComparedRun.read(vllm);
    assertThat(v.tool()).isEqualTo(ComparedRun.Tool.VLLM);
    assertThat(v.samples("time_to_first_token")).isEmpty();
    assertThat(v.settings()).containsEntry("concurrency", "200").containsEntry("request-rate", "inf")
        .containsEntry("endpoint-type", "chat");
    // TPOT is our inter_token_latency, its ITL our inter_chunk_latency
    assertThat(v.trialValues("inter_token_latency", "p50")).containsExactly(20.448632417085616);
    assertThat(v.trialValues("inter_chunk_latency", "p99")).containsExactly(50.656059650035004);
    assertThat(v.trialValues("time_to_first_token", "avg")).containsExactly(143.54948642999943);
    assertThatThrownBy(() -> ComparedRun.read(aiperf.resolve("inputs.json"))).hasMessageContaining("is not a vllm bench serve result");
  }
}
