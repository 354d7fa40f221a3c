package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

class SwimLaneTest {
  @TempDir
  Path dir;

  private FixtureRun.Request req(FixtureRun run, double start, double end, int lane, String stream, String tree,
      String parent, int depth) {
    return run.request(start, end).ttft(10).meta("lane", lane).meta("x_correlation_id", stream)
        .meta("root_correlation_id", tree).meta("parent_correlation_id", parent).meta("agent_depth", depth);
  }

  @Test
  void subAgentsSitUnderTheirRootAndOverlappingOnesGetRowsOfTheirOwn() {
    FixtureRun run = new FixtureRun();
    req(run, 0, 1000, 0, "root", "root", null, 0).add();
    req(run, 1000, 2000, 0, "c1", "root", "root", 1).add();   // two children at once:
    req(run, 1100, 1900, 0, "c2", "root", "root", 1).add();   // two sub-agent rows
    req(run, 2500, 2600, 0, "c3", "root", "root", 1).add();   // later: reuses the first row
    req(run, 3000, 4000, 0, "root2", "root2", null, 0).add(); // the lane's next tree: row 0 again
    req(run, 0, 500, 1, "other", "other", null, 0).add();
    run.writeTo(dir);
    RunFolder f = RunFolder.read(dir);

    JsonNode sl = SwimLane.of(f.rows(), Timeline.origin(f.rows()));

    assertThat(sl.path("rows").toString()).isEqualTo("[\"lane 0\",\"sub-agent d1\",\"sub-agent d1\",\"lane 1\"]");
    JsonNode bars = sl.path("bars");
    assertThat(bars).hasSize(6);
    assertThat(rowOf(bars, 1.0, 2.0)).isEqualTo(1);
    assertThat(rowOf(bars, 1.1, 1.9)).isEqualTo(2);
    assertThat(rowOf(bars, 2.5, 2.6)).isEqualTo(1);
    assertThat(rowOf(bars, 3.0, 4.0)).isEqualTo(0);
    assertThat(rowOf(bars, 0.0, 0.5)).isEqualTo(3);
    // Each child links from its parent's row at its start.
    assertThat(sl.path("links").toString()).isEqualTo("[[0,1,1.0],[0,2,1.1],[0,1,2.5]]");
    assertThat(sl.path("tree_ids").size()).isEqualTo(3);
  }

  private static int rowOf(JsonNode bars, double start, double end) {
    for (JsonNode b : bars) {
      if (b.get(1).asDouble() == start && b.get(3).asDouble() == end) {
        return b.get(0).asInt();
      }
    }
    throw new AssertionError("no bar " + start + "-" + end + " in " + bars);
  }

  @Test
  void runsWithoutLanesHaveNoSwimLane() {
    new FixtureRun().request(0, 10).add().writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    assertThat(SwimLane.of(f.rows(), Timeline.origin(f.rows()))).isNull();
  }
}
