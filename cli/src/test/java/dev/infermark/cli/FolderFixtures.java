package dev.infermark.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/** Small run folders in the artifacts' shapes (docs/artifacts.md), for the commands that read them. */
final class FolderFixtures {
  private static final long T0 = 1_796_155_000_000_000_000L;

  private FolderFixtures() {}

  /** A run of the README's chat-latency at {@code inputTokens}: twenty successful requests. */
  static Path run(Path dir, int inputTokens) throws IOException {
    Files.createDirectories(dir);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      ObjectNode line = Json.object();
      long start = T0 + i * 100_000_000L;
      line.putObject("metadata").put("request_start_ns", start).put("request_end_ns", start + 80_000_000L)
          .put("benchmark_phase", "profiling").put("was_cancelled", false);
      ObjectNode m = line.putObject("metrics");
      m.putObject("time_to_first_token").put("value", 20 + i + inputTokens / 100.0).put("unit", "ms");
      m.putObject("request_latency").put("value", 80).put("unit", "ms");
      m.putObject("output_token_count").put("value", 8).put("unit", "tokens");
      line.putNull("error");
      lines.add(Json.write(line));
    }
    Files.write(dir.resolve("profile_export.jsonl"), lines);
    ObjectNode s = Json.object();
    s.putObject("run_info").put("scenario", "chat-latency");
    s.putObject("input_config").putObject("infermark.param.inputTokens").put("value", Integer.toString(inputTokens))
        .put("source", "scenario");
    Files.writeString(dir.resolve("profile_export_aiperf.json"), Json.write(s));
    return dir;
  }
}
