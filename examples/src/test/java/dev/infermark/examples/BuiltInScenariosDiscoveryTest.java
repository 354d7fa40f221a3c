package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Every scenario shipped (the built-ins and the examples), found by a package scan as a user's
 * launcher would, passes the discovery checks without a single issue: no unknown key, no preset
 * or SLO name the checks doubt.
 */
class BuiltInScenariosDiscoveryTest {
  @Test
  void everyShippedScenarioIsDiscoveredWithoutIssues() {
    EngineDiscoveryResults r = EngineTestKit.engine("infermark")
        .selectors(selectPackage("dev.infermark.agentx"), selectPackage("dev.infermark.agentperf"),
            selectPackage("dev.infermark.accuracy"), selectPackage("dev.infermark.chat"),
            selectPackage("dev.infermark.examples"))
        .configurationParameter("infermark.url", "127.0.0.1:9").discover();
    assertThat(r.getDiscoveryIssues()).extracting(DiscoveryIssue::message).isEmpty();
    assertThat(r.getEngineDescriptor().getChildren()).extracting(TestDescriptor::getDisplayName)
        .contains("inferencex-agentx-mvp", "aa-agentperf", "aa-agentperf-deepseek-v4-pro", "aa-agentperf-gpt-oss-120b",
            "mmlu", "mmlu_pro", "aime", "hellaswag", "bigbench", "aime24", "aime25", "math_500", "gpqa_diamond",
            "lcb_codegeneration", "gsm8k", "chat", "chat-latency", "poisson-sweep")
        .allMatch(name -> !name.endsWith("Scenario"), "no scenario is broken (a broken one shows its class name)");
  }

  @Test
  void theGenericAgentPerfScenarioGetsTierNodesFromItsTierSetting() {
    EngineDiscoveryResults r = EngineTestKit.engine("infermark").selectors(selectPackage("dev.infermark.agentperf"))
        .configurationParameter("infermark.scenario", "aa-agentperf")
        .configurationParameter("infermark.agentperf-tiers", "20:10,60:5")
        .configurationParameter("infermark.url", "127.0.0.1:9").discover();
    TestDescriptor run = r.getEngineDescriptor().getChildren().iterator().next().getChildren().iterator().next();
    assertThat(run.getChildren()).extracting(TestDescriptor::getDisplayName).containsExactly("error_rate",
        "SLO [SLO #1] p25 output_speed >= 20", "SLO [SLO #1] p95 time_to_first_token <= 10 s",
        "SLO [SLO #1] supported_agents >= 1",
        "SLO [SLO #2] p25 output_speed >= 60", "SLO [SLO #2] p95 time_to_first_token <= 5 s",
        "SLO [SLO #2] supported_agents >= 1");
  }
}
