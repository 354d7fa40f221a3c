package dev.infermark.traces.weka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.infermark.traces.corpus.TestData;

class WekaTraceParserTest {
  static final String ONE_SUBAGENT = """
      {"id":"trace_sa","models":["claude-opus-4-5-20251101"],"block_size":64,"hash_id_scope":"local",
       "requests":[
        {"t":0.0,"type":"n","model":"claude-opus-4-5-20251101","in":200,"out":30,"hash_ids":[1,2,3],
         "input_types":["text"],"output_types":["text"],"stop":"tool_use","api_time":1.0,"think_time":0.0},
        {"t":2.0,"type":"subagent","agent_id":"agent_001","subagent_type":"Explore","duration_ms":3000,
         "total_tokens":500,"tool_use_count":2,"status":"completed",
         "requests":[{"t":2.0,"type":"n","model":"claude-haiku-4-5-20251001","in":100,"out":50,
                      "hash_ids":[10,11],"stop":"end_turn","api_time":0.5,"think_time":0.0}],
         "models":["claude-haiku-4-5-20251001"],"tool_tokens":20,"system_tokens":10},
        {"t":6.0,"type":"n","model":"claude-opus-4-5-20251101","in":400,"out":40,"hash_ids":[1,2,3,4,5],
         "input_types":["tool_result"],"stop":"end_turn","api_time":1.5,"think_time":0.5}]}
      """;

  @Test
  void everySharedTraceParses() {
    List<Path> files = TestData.wekaFiles();
    assertThat(files).hasSizeGreaterThanOrEqualTo(22);
    for (Path f : files) {
      WekaTrace t = WekaTraceParser.parseFile(f);
      assertThat(t.id()).as(f.toString()).isNotBlank();
      assertThat(t.requestCount()).as(f.toString()).isPositive();
    }
  }

  @Test
  void readsTheSpecExample() {
    WekaTrace t = WekaTraceParser.parse("example", ONE_SUBAGENT);
    assertThat(t.id()).isEqualTo("trace_sa");
    assertThat(t.parentRequests()).hasSize(2);
    WekaSubagent s = t.subagents().getFirst();
    assertThat(s.agentId()).isEqualTo("agent_001");
    assertThat(s.durationMs()).isEqualTo(3000.0);
    assertThat(s.relativeTimes()).isFalse();
    assertThat(s.requests().getFirst().t()).isEqualTo(2.0);
    assertThat(s.toolTokens() + s.systemTokens()).isEqualTo(30);
    WekaRequest last = t.parentRequests().get(1);
    assertThat(last.hashIds().toArray()).containsExactly(1, 2, 3, 4, 5);
    assertThat(last.stop()).isEqualTo("end_turn");
    assertThat(last.outputTypes()).isEmpty();
    assertThat(last.thinkTime()).isEqualTo(0.5);
    assertThat(last.ttft()).isNull();
    assertThat(t.toolTokens()).isZero();
  }

  @Test
  void convertsSpawnRelativeInnerTimes() {
    // trace_0291: inner t = 0.0 under an entry at t = 1148.013 (older kv-cache-tester export)
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("kv-cache-tester/trace_0291.json"));
    WekaSubagent s = t.subagents().getFirst();
    assertThat(s.t()).isEqualTo(1148.013);
    assertThat(s.relativeTimes()).isTrue();
    assertThat(s.requests().getFirst().t()).isCloseTo(1148.013, org.assertj.core.data.Offset.offset(1e-9));
    for (WekaRequest r : s.requests()) {
      assertThat(r.t()).isGreaterThanOrEqualTo(s.t() - 1e-6);
    }
  }

  @Test
  void sharesHashIdPrefixesWithThePreviousRequest() {
    WekaTrace t = WekaTraceParser.parseFile(TestData.weka("kv-cache-tester/trace_0504.json"));
    List<WekaRequest> r = t.parentRequests();
    assertThat(r.get(0).hashIds().commonPrefix(r.get(1).hashIds())).isEqualTo(173);
    assertThat(r.get(1).hashIds().commonPrefix(r.get(2).hashIds())).isEqualTo(170);
    assertThat(r.get(2).hashIds().size()).isEqualTo(176);
    assertThat(r.get(2).hashIds().get(170)).isNotEqualTo(r.get(1).hashIds().get(170));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      bad JSON            | {"id":"x","models":[]               | invalid JSON at line 1
      unknown top key     | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[],"extra":1} | extra: unknown key
      missing id          | {"models":[],"block_size":64,"hash_id_scope":"local","requests":[]} | id: missing required field
      negative in         | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":-5,"out":1}]} | requests[0].in: must be >= 0, got -5
      missing out         | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":5}]} | requests[0].out: missing required field
      string in           | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":"5","out":1}]} | requests[0].in: must be an integer, got the string "5"
      unknown request key | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":5,"out":1,"foo":2}]} | requests[0].foo: unknown key
      subagent key on req | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":5,"out":1,"agent_id":"a"}]} | requests[0].agent_id: unknown key for a request
      bad type            | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"q","model":"m","in":5,"out":1}]} | requests[0].type: must be "n", "s" or "subagent", got "q"
      bad hash id         | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":5,"out":1,"hash_ids":[1,"a"]}]} | requests[0].hash_ids[1]: must be an integer id
      negative hash id    | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":5,"out":1,"hash_ids":[1,-2]}]} | requests[0].hash_ids[1]: must be >= 0, got -2
      zero block size     | {"id":"x","models":[],"block_size":0,"hash_id_scope":"local","requests":[]} | block_size: must be > 0, got 0
      global scope        | {"id":"x","models":[],"block_size":64,"hash_id_scope":"global","requests":[]} | hash_id_scope: must be "local"
      duplicate key       | {"id":"x","id":"y","models":[],"block_size":64,"hash_id_scope":"local","requests":[]} | id: duplicate key
      negative t          | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":-1,"type":"n","model":"m","in":5,"out":1}]} | requests[0].t: must be >= 0
      nested subagent     | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"subagent","agent_id":"a","subagent_type":"E","status":"completed","models":[],"requests":[{"t":0,"type":"subagent"}]}]} | requests[0].requests[0].type: a sub-agent's requests must be "n" or "s"
      subagent no status  | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"subagent","agent_id":"a","subagent_type":"E","models":[],"requests":[]}]} | requests[0].status: missing required field
      absurd in           | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":1000000000,"out":1}]} | requests[0].in: absurd token count 1000000000 (more than 16777216
      absurd out (long)   | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":5,"out":10000000000000}]} | requests[0].out: absurd token count 10000000000000
      absurd inner in     | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"subagent","agent_id":"a","subagent_type":"E","status":"completed","models":[],"requests":[{"t":0,"type":"n","model":"m","in":5,"out":1},{"t":1,"type":"n","model":"m","in":16777217,"out":1}]}]} | requests[0].requests[1].in: absurd token count 16777217
      absurd tool tokens  | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","tool_tokens":2000000000,"requests":[]} | tool_tokens: absurd token count
      negative long in    | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[{"t":0,"type":"n","model":"m","in":-10000000000,"out":1}]} | requests[0].in: integer out of range
      not an object       | [1,2]                               | must be a trace object, got an array
      trailing content    | {"id":"x","models":[],"block_size":64,"hash_id_scope":"local","requests":[]} {} | unexpected content after the trace object
      """)
  void rejectsMalformedInputWithSourceFieldAndReason(String name, String json, String expected) {
    assertThatThrownBy(() -> WekaTraceParser.parse("bad.json", json))
        .isInstanceOf(WekaFormatException.class)
        .hasMessageStartingWith("bad.json")
        .hasMessageContaining(expected);
  }

  @Test
  void tokenCountsUpToTheBoundParse() {
    String json = ONE_SUBAGENT.replace("\"in\":400", "\"in\":" + WekaTraceParser.MAX_TOKENS);
    assertThat(WekaTraceParser.parse("max.json", json).parentRequests().get(1).in()).isEqualTo(16_777_216);
  }

  @Test
  void anAbsurdTokenCountIsRejectedAtLoadNamingTheRowAndField(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws java.io.IOException {
    String one = ONE_SUBAGENT.replace("\n", " ");
    Path f = tmp.resolve("traces.jsonl");
    java.nio.file.Files.writeString(f, one + "\n" + one.replace("\"in\":100,", "\"in\":1000000000,") + "\n");
    assertThatThrownBy(() -> WekaTraceParser.parseJsonl(f, "repo/traces.jsonl", x -> { }))
        .isInstanceOf(WekaFormatException.class)
        .hasMessage("repo/traces.jsonl row 2: requests[1].requests[0].in: absurd token count 1000000000 (more than "
            + "16777216, above any model context)");
  }

  @Test
  void jsonlRowsAreNumberedByLine(@org.junit.jupiter.api.io.TempDir Path tmp) throws java.io.IOException {
    String one = ONE_SUBAGENT.replace("\n", " ");
    Path f = tmp.resolve("traces.jsonl");
    java.nio.file.Files.writeString(f, one + "\n\n" + one.replace("trace_sa", "trace_b") + "\n");
    List<WekaTrace> got = new java.util.ArrayList<>();
    assertThat(WekaTraceParser.parseJsonl(f, "repo/traces.jsonl", got::add)).isEqualTo(2);
    assertThat(got).extracting(WekaTrace::id).containsExactly("trace_sa", "trace_b");
    java.nio.file.Files.writeString(f, one + "\n" + one + " " + one + "\n");
    assertThatThrownBy(() -> WekaTraceParser.parseJsonl(f, "repo/traces.jsonl", x -> { }))
        .hasMessageStartingWith("repo/traces.jsonl row 2: unexpected content after the trace object");
    java.nio.file.Files.writeString(f, one + "\n" + "{\"id\": 5}\n");
    assertThatThrownBy(() -> WekaTraceParser.parseJsonl(f, "repo/traces.jsonl", x -> { }))
        .hasMessage("repo/traces.jsonl row 2: id: must be a string, got the number 5");
  }

  @Test
  void writerOutputParsesBackIdentically() {
    WekaTrace t = WekaTraceParser.parse("example", ONE_SUBAGENT);
    var out = new java.io.ByteArrayOutputStream();
    WekaTraceWriter.write(t, out);
    WekaTrace back = WekaTraceParser.parse("written", out.toString(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(back).isEqualTo(t);
  }
}
