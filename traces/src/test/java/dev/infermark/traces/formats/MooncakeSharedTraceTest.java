package dev.infermark.traces.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.settings.Settings;
import dev.infermark.testdata.SharedData;
import dev.infermark.tokenizer.HfTokenizer;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.prompt.BpeTokenizerTest;
import dev.infermark.traces.topology.SessionTree;

/**
 * The shared Mooncake trace (3,993 rows) rebuilt: every prompt is exactly {@code input_length} tokens under the
 * simulator's word tokenizer, and within one 512-token block under real byte-level BPE tokenizers (a small one
 * generated here; Qwen3's when its tokenizer.json is in the local cache).
 */
class MooncakeSharedTraceTest {
  @TempDir
  Path tmp;

  private static Corpus load(Tokenizer tok) {
    Path trace = SharedData.require("traces/mooncake/synthetic_trace.jsonl");
    return TraceFormats.load(Settings.of(Map.of("input-file", trace.toString())), null, tok, 11);
  }

  private static String prompt(Corpus c, SessionTree t) {
    return c.prompts().messages(t.root(), 0).getFirst().content().toString();
  }

  @Test
  void everyPromptIsItsInputLengthUnderTheWordTokenizer() {
    Corpus c = load(WordTokenizer.instance());
    assertThat(c.loader()).isEqualTo("mooncake_trace");
    assertThat(c.trees()).hasSize(3993);
    long tokens = 0;
    for (SessionTree t : c.trees()) {
      int in = t.root().turns().getFirst().inputTokens();
      assertThat(WordTokenizer.instance().count(prompt(c, t))).as(t.traceId()).isEqualTo(in);
      tokens += in;
    }
    assertThat(tokens).isEqualTo(61_194_628L);
  }

  @Test
  void underARealBpeTokenizerEveryPromptIsWithinOneBlock() throws IOException {
    Path json = tmp.resolve("tokenizer.json");
    Files.writeString(json, BpeTokenizerTest.tinyByteLevelBpe(120));
    try (HfTokenizer bpe = HfTokenizer.load("tiny-bpe", json)) {
      checkSample(bpe, 40);
    }
  }

  @Test
  void underQwen3EveryPromptIsWithinOneBlock() throws IOException {
    Path qwen = Path.of(System.getProperty("infermark.test.bpe-tokenizer",
        System.getProperty("user.home") + "/.cache/infermark/tokenizers/qwen3/tokenizer.json"));
    assumeTrue(Files.isRegularFile(qwen), "no Qwen3 tokenizer.json at " + qwen);
    try (HfTokenizer bpe = HfTokenizer.load("qwen3", qwen)) {
      checkSample(bpe, 40);
    }
  }

  /** Every {@code step}-th request (encoding 61M tokens under BPE takes minutes: the corpus benchmark does more). */
  private static void checkSample(Tokenizer bpe, int step) {
    Corpus c = load(bpe);
    int checked = 0;
    int exact = 0;
    for (int i = 0; i < c.trees().size(); i += step) {
      SessionTree t = c.trees().get(i);
      int in = t.root().turns().getFirst().inputTokens();
      int n = bpe.count(prompt(c, t));
      assertThat(Math.abs(n - in)).as("%s: %s tokens for input_length %s", t.traceId(), n, in).isLessThanOrEqualTo(512);
      exact += n == in ? 1 : 0;
      checked++;
    }
    assertThat(checked).isEqualTo(100);
    assertThat(exact).as("single-token words add up exactly").isEqualTo(checked);
  }
}
