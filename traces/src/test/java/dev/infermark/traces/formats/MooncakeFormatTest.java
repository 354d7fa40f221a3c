package dev.infermark.traces.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;

/** Mooncake rows into the replay model: prompts rebuilt from hash ids, sessions, timing, errors, synthesis. */
class MooncakeFormatTest {
  private static final Tokenizer WORDS = WordTokenizer.instance();

  @TempDir
  Path dir;

  static final String TRACE = """
      {"timestamp": 0, "input_length": 1500, "output_length": 7, "hash_ids": [1, 2, 3]}
      {"timestamp": 100, "input_length": 1300, "output_length": 9, "hash_ids": [1, 2, 4]}
      {"timestamp": 100, "input_length": 100, "output_length": 3, "hash_ids": [5]}
      {"timestamp": 250, "input_length": 1100, "output_length": 2, "hash_ids": [1]}
      """;

  Corpus load(String trace, Map<String, String> more) throws IOException {
    Path f = dir.resolve("trace.jsonl");
    Files.writeString(f, trace);
    Map<String, String> s = new HashMap<>(more);
    s.put("input-file", f.toString());
    return TraceFormats.load(Settings.of(s), null, WORDS, 42);
  }

  static int[] tokens(Corpus c, int tree, int turn) {
    ReplayStream s = c.trees().get(tree).root();
    return WORDS.encode(c.prompts().messages(s, turn).getFirst().content().toString());
  }

  static int[] hits(Corpus c, int tree, int turn) {
    return c.prefixCache().lookup(c.trees().get(tree).traceId(), turn, -1);
  }

  @Test
  void equalHashPrefixesAreEqualTokenPrefixesAndEachPromptHasItsLength() throws IOException {
    Corpus c = load(TRACE, Map.of());
    assertThat(c.loader()).isEqualTo("mooncake_trace");
    assertThat(c.timestamps()).isTrue();
    int[] a = tokens(c, 0, 0);
    int[] b = tokens(c, 1, 0);
    int[] solo = tokens(c, 2, 0);
    int[] tail = tokens(c, 3, 0);
    assertThat(a).hasSize(1500);
    assertThat(b).hasSize(1300);
    assertThat(solo).hasSize(100);
    assertThat(tail).hasSize(1100);
    // [1, 2, 3] and [1, 2, 4] share two 512-token blocks, and no more
    assertThat(Arrays.mismatch(a, b)).isGreaterThanOrEqualTo(1024).isLessThan(1024 + 8);
    // [1] covers the first block only: 588 tokens of the request's own follow
    assertThat(Arrays.mismatch(a, tail)).isGreaterThanOrEqualTo(512).isLessThan(512 + 8);
    // the last id covers the prompt's end: request 1's third block is the first 276 tokens of id 4's text
    assertThat(Arrays.mismatch(solo, a)).isLessThan(8);
    ReplayTurn t = c.trees().get(1).root().turns().getFirst();
    assertThat(t.timestampMs()).isEqualTo(100.0);
    assertThat(t.maxTokens()).isEqualTo(9);
    assertThat(t.inputTokens()).isEqualTo(1300);
    // the ideal cache, in timestamp order: 0/3, 2/3, 0/1, 1/1
    assertThat(hits(c, 0, 0)).containsExactly(0, 3);
    assertThat(hits(c, 1, 0)).containsExactly(2, 3);
    assertThat(hits(c, 2, 0)).containsExactly(0, 1);
    assertThat(hits(c, 3, 0)).containsExactly(1, 1);
    assertThat(c.datasetMetadata().path("loader").asString()).isEqualTo("mooncake_trace");
    assertThat(c.datasetMetadata().path("num_dataset_entries").asInt()).isEqualTo(4);
  }

  @Test
  void theBlockSizeIsASetting() throws IOException {
    Corpus c = load(TRACE, Map.of("prompt-input-tokens-block-size", "256"));
    // at 256 a block, [1, 2, 3] covers 768 of 1500 tokens; [1, 2, 4] shares 512 with it
    int[] a = tokens(c, 0, 0);
    int[] b = tokens(c, 1, 0);
    assertThat(a).hasSize(1500);
    assertThat(Arrays.mismatch(a, b)).isGreaterThanOrEqualTo(512).isLessThan(520);
    assertThatThrownBy(() -> load(TRACE, Map.of("prompt-input-tokens-block-size", "1024")))
        .hasMessageContaining("line 1: hash_ids: 3 ids for input_length 1500: at 1024 tokens a block the prompt has 2");
  }

  @Test
  void sessionRowsAreTurnsTimedByTimestampOrDelay() throws IOException {
    Corpus c = load("""
        {"session_id": "s1", "timestamp": 1000, "input_length": 600, "output_length": 4, "hash_ids": [7, 8]}
        {"timestamp": 1500, "input_length": 10, "output_length": 1}
        {"session_id": "s1", "delay": 300, "input_length": 900, "output_length": 4, "hash_ids": [7, 8]}
        """, Map.of());
    assertThat(c.trees()).hasSize(2);
    ReplayStream s1 = c.trees().getFirst().root();
    assertThat(s1.sessionId()).isEqualTo("s1");
    assertThat(s1.turns()).hasSize(2);
    assertThat(s1.turns().get(1).delayMs()).isEqualTo(300.0);
    assertThat(s1.turns().get(1).timestampMs()).as("no earlier than the first plus its delay").isEqualTo(1300.0);
    assertThat(c.trees().get(1).traceId()).isEqualTo("row-2");
    assertThat(hits(c, 0, 1)).as("ids, as AIPerf counts them").containsExactly(2, 2);
  }

  @Test
  void badRowsFailNamingTheLineAndTheField() {
    assertThatThrownBy(() -> load("{\"timestamp\": 0, \"input_length\": 10, \"colour\": 1}\n", Map.of()))
        .hasMessageContaining("no known format recognizes it"); // an unknown field: not a Mooncake row
    assertThatThrownBy(() -> load("{\"timestamp\": 0, \"input_length\": 10}\n{\"timestamp\": 1, \"input_length\": 10, "
        + "\"colour\": 1}\n", Map.of())).hasMessageContaining("trace.jsonl line 2: colour: unknown field");
    assertThatThrownBy(() -> load("{\"timestamp\": 0, \"input_length\": 10}\n{\"timestamp\": -1, \"input_length\": 10}\n",
        Map.of())).hasMessageContaining("line 2: timestamp: must be a number >= 0");
    assertThatThrownBy(() -> load("{\"timestamp\": 0, \"input_length\": 10}\n{\"timestamp\": 1, \"output_length\": 1}\n",
        Map.of())).hasMessageContaining("line 2: needs exactly one of input_length, text_input, messages or payload");
    assertThatThrownBy(() -> load("{\"timestamp\": 0, \"input_length\": 10}\n{\"timestamp\": 1, \"input_length\": 10, "
        + "\"hash_ids\": [1, \"x\"]}\n", Map.of())).hasMessageContaining("line 2: hash_ids[1]: must be a whole number");
    assertThatThrownBy(() -> load("{\"timestamp\": 0, \"input_length\": 10}\nnot json\n", Map.of()))
        .hasMessageContaining("line 2: not valid JSON");
  }

  @Test
  void theWindowAndTheEntryCapKeepWhatTheyName() throws IOException {
    Corpus w = load(TRACE, Map.of("fixed-schedule-start-offset", "100", "fixed-schedule-end-offset", "200"));
    assertThat(w.trees()).extracting(t -> t.traceId()).containsExactly("row-2", "row-3");
    // hits count only what is replayed: [1, 2, 4] is now first
    assertThat(hits(w, 0, 0)).containsExactly(0, 3);
    assertThat(load(TRACE, Map.of("num-dataset-entries", "1")).trees()).hasSize(1);
    assertThatThrownBy(() -> load(TRACE, Map.of("fixed-schedule-start-offset", "5000")))
        .hasMessageContaining("no request left to replay");
  }

  @Test
  void synthesisScalesTimestampsPrefixesPromptsAndOutputs() throws IOException {
    Corpus fast = load(TRACE, Map.of("synthesis-speedup-ratio", "2", "synthesis-output-len-multiplier", "1.5"));
    assertThat(fast.trees().get(3).root().turns().getFirst().timestampMs()).isEqualTo(125.0);
    assertThat(fast.trees().get(0).root().turns().getFirst().maxTokens()).isEqualTo(11); // 7 x 1.5, rounded
    assertThat(tokens(fast, 0, 0)).hasSize(1500);

    // prefix x2: the two shared blocks of requests 0 and 1 become four; their own parts stay
    Corpus longer = load(TRACE, Map.of("synthesis-prefix-len-multiplier", "2"));
    int[] a = tokens(longer, 0, 0);
    int[] b = tokens(longer, 1, 0);
    assertThat(a).hasSize(1500 + 1024);
    assertThat(b).hasSize(1300 + 1024);
    assertThat(Arrays.mismatch(a, b)).isGreaterThanOrEqualTo(2048).isLessThan(2048 + 8);
    assertThat(hits(longer, 1, 0)).containsExactly(4, 5);

    // own prompt x2: request 0 shares 1024 with request 1, and has 476 of its own: 952 now
    Corpus wider = load(TRACE, Map.of("synthesis-prompt-len-multiplier", "2"));
    assertThat(tokens(wider, 0, 0)).hasSize(1024 + 952);
    assertThat(tokens(wider, 2, 0)).hasSize(200);
    assertThat(Arrays.mismatch(tokens(wider, 0, 0), tokens(wider, 1, 0))).isGreaterThanOrEqualTo(1024).isLessThan(1032);

    // two copies of the tree: requests 0 and 1 (sessions 0 and 1) no longer share anything
    Corpus copies = load(TRACE, Map.of("synthesis-prefix-root-multiplier", "2"));
    assertThat(Arrays.mismatch(tokens(copies, 0, 0), tokens(copies, 1, 0))).isLessThan(8);
    assertThat(hits(copies, 1, 0)).containsExactly(0, 3);
    assertThat(hits(copies, 3, 0)).as("session 3 is in copy 1, with session 1").containsExactly(1, 1);

    assertThatThrownBy(() -> load(TRACE, Map.of("synthesis-prompt-len-multiplier", "0")))
        .hasMessageContaining("infermark.synthesis-prompt-len-multiplier must be above 0");
  }
}
