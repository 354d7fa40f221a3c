package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.RunContext;
import dev.infermark.api.RunResult;
import dev.infermark.api.request.Phase;
import dev.infermark.fixture.FakeClient;
import dev.infermark.observer.Mark;
import dev.infermark.settings.Settings;
import dev.infermark.spi.Methodology;
import dev.infermark.spi.MethodologyContext;

/** The phases a workload announces drive the progress line and the server-metrics window. */
class HarnessContextTest {
  @Test
  void announcedPhasesMarkTheServerMetricsWindow() {
    List<Mark> marks = new ArrayList<>();
    Progress progress = new Progress();
    HarnessContext ctx = HarnessContext.builder().scenario("s").settings(Settings.of(Map.of()))
        .client(new RecordingClient(FakeClient.answering(), r -> { }, new Cancellation(), l -> { }))
        .artifactDir(Path.of(".")).progress(progress).marks(marks::add).build();

    ctx.step("dataset", null);
    assertThat(marks).as("a step before profiling is no boundary").isEmpty();
    ctx.phase(Phase.WARMUP, null);
    ctx.phase(Phase.PROFILING, Duration.ofSeconds(5));
    assertThat(progress.phaseName()).isEqualTo("profiling");
    ctx.grace(Duration.ofSeconds(1));
    assertThat(progress.phaseName()).isEqualTo("grace");
    ctx.step("report", null);
    assertThat(marks).containsExactly(Mark.WARMUP, Mark.PROFILING_START, Mark.PROFILING_END);
    assertThat(ctx.profilingStarted()).isTrue();
  }

  @Test
  void aMethodologyReachesTheHarnessOnlyThroughItsOwnContext() {
    RunContext foreign = (RunContext) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {RunContext.class}, (p, m, a) -> null);
    assertThatThrownBy(() -> HarnessContext.of(foreign)).hasMessageContaining("runs only under infermark's harness");
  }

  private static HarnessContext context() {
    return HarnessContext.builder().scenario("s").settings(Settings.of(Map.of()))
        .client(new RecordingClient(FakeClient.answering(), r -> { }, new Cancellation(), l -> { }))
        .artifactDir(Path.of(".")).build();
  }

  @Test
  void aMethodologyGetsTheHarnessContextAndNothingElse() throws Exception {
    HarnessContext ctx = context();
    MethodologyContext[] seen = new MethodologyContext[1];
    Methodology methodology = c -> {
      seen[0] = c;
      return RunResult.empty();
    };
    methodology.run((RunContext) ctx);
    assertThat(seen[0]).isSameAs(ctx);

    RunContext foreign = (RunContext) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {RunContext.class}, (p, m, a) -> null);
    assertThatThrownBy(() -> methodology.run(foreign)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("runs only under infermark's harness");
  }

  @Test
  void aSectionOfTheRunsOwnGoesIntoTheExportUnderItsNameAndNeverOverAField() {
    HarnessContext ctx = context();
    ctx.export("probe", Map.of("turns", 3, "phases", List.of("warmup", "profiling")));
    assertThat(ctx.exportExtras().get("probe").get("turns").asInt()).isEqualTo(3);
    assertThat(ctx.exportExtras().get("probe").get("phases").toString()).isEqualTo("[\"warmup\",\"profiling\"]");
    ctx.export("probe", Map.of("turns", 4));
    assertThat(ctx.exportExtras().get("probe").get("turns").asInt()).as("the last call wins").isEqualTo(4);

    assertThatThrownBy(() -> ctx.export("metadata", Map.of())).hasMessageContaining("'metadata' is a field");
    assertThatThrownBy(() -> ctx.export("time_to_first_token", Map.of())).hasMessageContaining("writes itself");
    assertThatThrownBy(() -> ctx.export(" ", Map.of())).hasMessageContaining("needs a name");
    assertThatThrownBy(() -> ctx.export("probe", Map.of("when", new Object()))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a JSON value");
  }
}
