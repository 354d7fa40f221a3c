package dev.infermark.traces.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.traces.weka.WekaTraceParser;
import tools.jackson.databind.node.ObjectNode;

class TheoreticalPrefixCacheTest {
  /** Parent [1,2,3]; sub-agent [10,11]; parent [1,2,3,4,5]: hits 0/3, 0/2, 3/5. */
  private static final PrefixCacheHits.Table TABLE = PrefixCacheHits.Table.of(List.of(WekaTraceParser.parse("inline", """
      {"id": "t", "models": ["m"], "block_size": 64, "hash_id_scope": "local", "requests": [
        {"t": 0.0, "type": "n", "model": "m", "in": 200, "out": 30, "hash_ids": [1, 2, 3], "input_types": ["text"],
         "output_types": ["text"], "stop": "tool_use", "api_time": 1.0, "think_time": 0.0},
        {"t": 2.0, "type": "subagent", "agent_id": "a1", "subagent_type": "Explore", "duration_ms": 3000,
         "total_tokens": 500, "tool_use_count": 2, "status": "completed", "models": ["m"], "tool_tokens": 20,
         "system_tokens": 10, "requests": [
          {"t": 2.0, "type": "n", "model": "m", "in": 100, "out": 50, "hash_ids": [10, 11], "input_types": ["text"],
           "output_types": ["text"], "stop": "end_turn", "api_time": 0.5, "think_time": 0.0}]},
        {"t": 6.0, "type": "n", "model": "m", "in": 400, "out": 40, "hash_ids": [1, 2, 3, 4, 5],
         "input_types": ["tool_result"], "output_types": ["text"], "stop": "end_turn", "api_time": 1.5, "think_time": 0.5}]}
      """)));

  private static RequestRecord record(Phase phase, int outer, int inner, RequestError error) {
    RequestTags tags = new RequestTags("t", "c", 0, "c", null, 0, 0,
        Map.of("source_trace_id", "t", "source_outer_idx", outer, "source_inner_idx", inner, "context_overflow_skip", false));
    return new RequestRecord(phase, "r", tags, -1, 1, 1, 2, new long[] {2}, 3, 10, 2, null, null, null, null, "stop",
        error == null ? 200 : 500, error);
  }

  @Test
  void profilingSuccessesAddTheirBlocksInAiperfsShape() {
    TheoreticalPrefixCache c = new TheoreticalPrefixCache(TABLE);
    c.accept(record(Phase.PROFILING, 0, -1, null));
    c.accept(record(Phase.PROFILING, 1, 0, null));
    c.accept(record(Phase.PROFILING, 2, -1, null));
    c.accept(record(Phase.PROFILING, 2, -1, null)); // a recycled tree counts again
    c.accept(record(Phase.WARMUP, 2, -1, null));
    c.accept(record(Phase.PROFILING, 2, -1, new RequestError(ErrorKind.SERVER_ERROR, 500, "E", "boom", null)));
    ObjectNode json = c.json();
    assertThat(json.get("unit").asString()).isEqualTo("%");
    assertThat(json.get("count").asLong()).isEqualTo(3 + 2 + 5 + 5);
    assertThat(json.get("sum").asLong()).isEqualTo(6);
    assertThat(json.get("avg").asDouble()).isEqualTo(100.0 * 6 / 15);
  }

  @Test
  void absentWhenNoRequestHadBlocks() {
    TheoreticalPrefixCache c = new TheoreticalPrefixCache(PrefixCacheHits.Table.EMPTY);
    c.accept(record(Phase.PROFILING, 0, -1, null));
    assertThat(c.json()).isNull();
  }
}
