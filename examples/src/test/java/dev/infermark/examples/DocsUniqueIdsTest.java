package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.launcher.EngineFilter.includeEngines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Every unique id and method selector docs/running.md shows selects, through the JUnit Platform
 * launcher (as the ConsoleLauncher and IDEs do), exactly the node it names. The docs' user package
 * {@code com.example} is this module's.
 */
class DocsUniqueIdsTest {
  private static final Pattern UNIQUE_ID = Pattern.compile("`(\\[engine:infermark\\][^`]*)`");
  private static final Pattern METHOD = Pattern.compile("--select-method ([\\w.]+#\\w+(?:\\([^)]*\\))?)");

  private static String running() throws IOException {
    return Files.readString(Path.of("../docs/running.md")).replace("com.example.", "dev.infermark.examples.");
  }

  private static TestPlan discover(DiscoverySelector selector) {
    return LauncherFactory.create().discover(LauncherDiscoveryRequestBuilder.request().selectors(selector)
        .filters(includeEngines("infermark")).configurationParameter("infermark.url", "127.0.0.1:9").build());
  }

  private static List<String> tests(TestPlan plan) {
    List<String> out = new ArrayList<>();
    for (TestIdentifier root : plan.getRoots()) {
      plan.getDescendants(root).stream().filter(TestIdentifier::isTest).forEach(t -> out.add(t.getUniqueId()));
    }
    return out;
  }

  @Test
  void everyUniqueIdTheDocsShowSelectsThatNode() throws IOException {
    Matcher m = UNIQUE_ID.matcher(running());
    List<String> ids = new ArrayList<>();
    while (m.find()) {
      if (!m.group(1).contains("...")) {
        ids.add(m.group(1));
      }
    }
    assertThat(ids).as("the docs show a run, an error rate, an SLO and a verdict").hasSizeGreaterThanOrEqualTo(5)
        .anyMatch(i -> i.contains("[slo:")).anyMatch(i -> i.contains("[verdict:")).anyMatch(i -> i.contains("[check:"));
    for (String id : ids) {
      TestPlan plan = discover(DiscoverySelectors.selectUniqueId(id));
      assertThat(plan.getTestIdentifier(id)).as(id).isNotNull();
      List<String> tests = tests(plan);
      if (id.endsWith("]") && id.substring(id.lastIndexOf("/[") + 2).startsWith("run:")) {
        assertThat(tests).as(id).contains(id).allMatch(t -> t.startsWith(id)); // the run and its checks
      } else {
        assertThat(tests).as(id).contains(id).allMatch(t -> t.equals(id) || id.startsWith(t)); // it and its run
      }
    }
  }

  @Test
  void theMethodSelectorTheDocsShowSelectsTheWholeScenario() throws IOException {
    Matcher m = METHOD.matcher(running());
    assertThat(m.find()).as("docs/running.md shows a --select-method").isTrue();
    TestPlan plan = discover(DiscoverySelectors.selectMethod(m.group(1)));
    assertThat(tests(plan)).as(m.group(1)).contains(
        "[engine:infermark]/[scenario:dev.infermark.examples.ChatLatencyScenario]/[run:inputTokens=128]",
        "[engine:infermark]/[scenario:dev.infermark.examples.ChatLatencyScenario]/[run:inputTokens=1024]/[check:error_rate]");
  }
}
