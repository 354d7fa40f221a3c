package dev.infermark.agentperf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small trajectory files and Weka traces for tests. */
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

  /**
   * One trace, block size 16: three parent requests (gaps 1.5 s and 15.5 s after the previous
   * response) and a sub-agent of two requests (gap 0.5 s) spawned after the second.
   */
  public static final String WEKA_TRACE = """
      {"id":"tiny_0001","models":["m-main","m-sub"],"block_size":16,"hash_id_scope":"local","tool_tokens":20,"system_tokens":12,
       "requests":[
        {"t":0.0,"type":"n","model":"m-main","in":100,"out":10,"hash_ids":[1,2,3,4,5,6],"input_types":["text"],
         "output_types":["tool_use"],"stop":"tool_use","api_time":2.0,"think_time":0.0},
        {"t":3.5,"type":"n","model":"m-main","in":150,"out":20,"hash_ids":[1,2,3,4,5,6,7,8,9],"input_types":["tool_result"],
         "output_types":["tool_use"],"stop":"tool_use","api_time":1.0,"think_time":0.0},
        {"t":5.0,"type":"subagent","agent_id":"agent_001","subagent_type":"Explore","duration_ms":4000,"total_tokens":0,
         "tool_use_count":1,"status":"completed","models":["m-sub"],"tool_tokens":20,"system_tokens":12,"requests":[
          {"t":5.0,"type":"n","model":"m-sub","in":70,"out":5,"hash_ids":[1,2,100,101],"input_types":["text"],
           "output_types":["tool_use"],"stop":"tool_use","api_time":1.0,"think_time":0.0},
          {"t":6.5,"type":"n","model":"m-sub","in":90,"out":7,"hash_ids":[1,2,100,101,102],"input_types":["tool_result"],
           "output_types":["text"],"stop":"end_turn","api_time":2.0,"think_time":0.0}]},
        {"t":20.0,"type":"n","model":"m-main","in":200,"out":30,"hash_ids":[1,2,3,4,5,6,7,8,9,10,11,12],"input_types":["tool_result"],
         "output_types":["text"],"stop":"end_turn","api_time":1.0,"think_time":0.0}]}
      """;

  /** Writes {@link #WEKA_TRACE} into {@code dir} and returns the file. */
  public static Path wekaTrace(Path dir) throws IOException {
    Path f = dir.resolve("tiny_0001.json");
    Files.writeString(f, WEKA_TRACE);
    return f;
  }
}
