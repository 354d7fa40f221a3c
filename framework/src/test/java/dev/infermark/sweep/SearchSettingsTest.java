package dev.infermark.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Param;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Search;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.Setting;
import dev.infermark.api.Stat;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.slo.SloSpec;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;

/** How an SLA search and a sweep are declared: annotation, settings, AIPerf's spellings, and what is refused. */
class SearchSettingsTest {
  private static final SettingsRegistry REGISTRY = SettingsRegistry.load();

  @Scenario(name = "searched")
  @Search(setting = Setting.CONCURRENCY, from = 2, to = 256, precision = "10%", growthFactor = 4)
  @Slo(metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 200)
  static class Searched {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "plain")
  static class Plain {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "swept")
  @Slo(metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 200)
  static class Swept {
    @Param(value = {"1", "2"}, setting = Setting.CONCURRENCY)
    int users;

    @Param({"a", "b"})
    String flavour;

    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  @Scenario(name = "locked")
  @dev.infermark.annotations.Locked(key = "concurrency", single = true, reason = "one level per run")
  static class Locked {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  private static Optional<SearchPlan> plan(Class<?> c, Map<String, String> settings) {
    return SearchPlan.of(ScenarioModel.of(c), Settings.of(settings), REGISTRY);
  }

  @Test
  void theAnnotationGivesTheSearchAndSettingsOverrideIt() {
    SearchPlan p = plan(Searched.class, Map.of()).orElseThrow();
    assertThat(p).isEqualTo(new SearchPlan(new SweptSetting("concurrency", true), 2, 256, new Precision(0.1, true), 4, 0));
    assertThat(p.describe()).isEqualTo("concurrency in [2, 256], precision 10%, growth x4");
    SearchPlan q = plan(Searched.class, Map.of("search-space", "concurrency:1,64", "search-precision", "1",
        "search-max-iterations", "9")).orElseThrow();
    assertThat(q).isEqualTo(new SearchPlan(new SweptSetting("concurrency", true), 1, 64, new Precision(1, false), 4, 9));
    assertThat(plan(Plain.class, Map.of())).isEmpty();
  }

  @Test
  void aiperfsSearchSpaceAndSlaSpellingsAreRead() {
    SearchPlan p = plan(Plain.class, Map.of("search-space", "phases.profiling.concurrency:1,1000:int",
        "search-sla", "time_to_first_token:p95:lt:200")).orElseThrow();
    assertThat(p.setting().name()).isEqualTo("concurrency");
    assertThat(p.to()).isEqualTo(1000);
    assertThat(SearchSlas.parse(List.of("time_to_first_token:p95:lt:200", "output_token_throughput:value:ge:500")))
        .containsExactly(new SloSpec("time_to_first_token", "p95", Double.NaN, 200, "", "", ""),
            new SloSpec("output_token_throughput", "value", 500, Double.NaN, "", "", ""));
  }

  @Test
  void whatCannotBeHonouredFailsNamingTheSetting() {
    assertThatThrownBy(() -> plan(Plain.class, Map.of("search-space", "concurrency:1,64")))
        .hasMessageContaining("has nothing to pass: give the scenario an @Slo, or set infermark.search-sla");
    assertThatThrownBy(() -> plan(Searched.class, Map.of("concurrency", "8")))
        .hasMessage("infermark.concurrency=8 is given, but the search (@Search) varies it: unset infermark.concurrency");
    assertThatThrownBy(() -> plan(Searched.class, Map.of("search-style", "smooth_isotonic")))
        .hasMessageContaining("infermark.search-style=smooth_isotonic is not supported");
    assertThatThrownBy(() -> plan(Searched.class, Map.of("search-space", "concurency:1,8")))
        .hasMessage("infermark.search-space: no setting infermark.concurency (did you mean concurrency?)");
    assertThatThrownBy(() -> plan(Searched.class, Map.of("search-space", "model:1,8")))
        .hasMessage("infermark.search-space: infermark.model cannot be swept or searched: its values are not numbers");
    assertThatThrownBy(() -> plan(Searched.class, Map.of("search-space", "concurrency:1")))
        .hasMessageContaining("is not SETTING:FROM,TO");
    assertThatThrownBy(() -> plan(Searched.class, Map.of("search-space", "concurrency:8,1")))
        .hasMessageContaining("0 < start <= max");
    assertThatThrownBy(() -> plan(Swept.class, Map.of("search-space", "concurrency:1,8")))
        .hasMessageContaining("the @Param field users sweeps infermark.concurrency");
    assertThatThrownBy(() -> SearchSlas.parse(List.of("time_to_first_token:p95:lt")))
        .hasMessageContaining("expected TAG:STAT:OP:THRESHOLD");
    assertThatThrownBy(() -> SearchSlas.parse(List.of("time_to_first_token:p95:eq:3")))
        .hasMessageContaining("no operator eq (lt, le, gt, ge)");
  }

  @Test
  void aLoadSettingListIsOneRunPerValueCrossedWithTheParams() {
    ScenarioModel plain = ScenarioModel.of(Plain.class);
    List<RunParams> runs = LoadSweeps.expand(plain, plain.runs(k -> Optional.empty()),
        k -> k.equals("concurrency") ? Optional.of("1, 4,16") : Optional.empty(), REGISTRY);
    assertThat(runs).extracting(RunParams::id).containsExactly("concurrency=1", "concurrency=4", "concurrency=16");
    // a single value, or a setting a @Param sweeps, is left alone
    assertThat(LoadSweeps.expand(plain, plain.runs(k -> Optional.empty()), k -> k.equals("concurrency") ? Optional.of("8")
        : Optional.empty(), REGISTRY))
        .extracting(RunParams::id).containsExactly("default");
    ScenarioModel locked = ScenarioModel.of(Locked.class);
    assertThat(LoadSweeps.expand(locked, locked.runs(k -> Optional.empty()), k -> k.equals("concurrency") ? Optional.of("1,2,4")
        : Optional.empty(), REGISTRY))
        .extracting(RunParams::id).containsExactly("default");
    ScenarioModel swept = ScenarioModel.of(Swept.class);
    assertThat(LoadSweeps.expand(swept, swept.runs(k -> Optional.empty()), k -> k.equals("concurrency") ? Optional.of("1,2,4")
        : Optional.empty(), REGISTRY))
        .hasSize(4);
  }

  @Test
  void sweptSettingsAreTheNumericOnes() {
    assertThat(SweptSetting.of("concurrency", REGISTRY)).isEqualTo(new SweptSetting("concurrency", true));
    assertThat(SweptSetting.of("failed-request-threshold", REGISTRY).integral()).isFalse();
    SweptSetting rate = new SweptSetting("request-rate", false);
    assertThat(rate.format(2.5)).isEqualTo("2.5");
    assertThat(rate.format(4)).isEqualTo("4");
    assertThatThrownBy(() -> new SweptSetting("concurrency", true).parse("2.5"))
        .hasMessage("infermark.concurrency: '2.5' is not a whole number");
  }
}
