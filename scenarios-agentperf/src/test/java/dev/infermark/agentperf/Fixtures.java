package dev.infermark.agentperf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small trajectory files for tests. */
public final class Fixtures {
  private Fixtures() {}

  /**
   * Writes {@code count} trajectories of {@code turns} turns each, every turn followed by a tool
   * delay of {@code delayMs}.
   */
  public static Path trajectories(Path dir, int count, int turns, int delayMs) throws IOException {
    List<String> lines = new ArrayList<>();
    for (int t = 0; t < count; t++) {
      StringBuilder msgs = new StringBuilder("{\"role\":\"system\",\"content\":\"You are agent system prompt " + t + "\"},"
          + "{\"role\":\"user\",\"content\":\"fix bug " + t + "\"}");
      for (int k = 0; k < turns; k++) {
        lines.add("{\"trajectory_id\":\"traj-" + t + "\",\"turn\":" + k + ",\"messages\":[" + msgs
            + "],\"tools\":[\"bash\"],\"target_output_tokens\":20,\"simulated_tool_delay_ms_after\":" + delayMs + "}");
        msgs.append(",{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c").append(k)
            .append("\",\"type\":\"function\",\"function\":{\"name\":\"bash\",\"arguments\":\"{\\\"cmd\\\":\\\"ls\\\"}\"}}]}")
            .append(",{\"role\":\"tool\",\"tool_call_id\":\"c").append(k).append("\",\"content\":\"file").append(k).append(".py\"}");
      }
    }
    Path f = dir.resolve("trajectories.jsonl");
    Files.write(f, lines);
    return f;
  }
}
