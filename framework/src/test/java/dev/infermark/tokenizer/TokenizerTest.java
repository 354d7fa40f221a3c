package dev.infermark.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.hub.LocalHub;

class TokenizerTest {
  /** A tiny word-level tokenizer.json: no downloads, and no truncation settings of its own. */
  static final String TOKENIZER_JSON = """
      {"version":"1.0","truncation":null,"padding":null,"added_tokens":[],"normalizer":null,
       "pre_tokenizer":{"type":"Whitespace"},"post_processor":null,"decoder":null,
       "model":{"type":"WordLevel","vocab":{"[UNK]":0,"hello":1,"world":2,"again":3},"unk_token":"[UNK]"}}
      """;

  @TempDir
  Path dir;

  @Test
  void hfTokenizerDoesNotTruncateBeyond512Tokens() throws IOException {
    Path f = dir.resolve("tokenizer.json");
    Files.writeString(f, TOKENIZER_JSON);
    try (HfTokenizer t = HfTokenizer.load("tiny", f)) {
      String text = "hello world again ".repeat(1000);
      int[] ids = t.encode(text);
      assertThat(ids).hasSize(3000);
      assertThat(ids[0]).isEqualTo(1);
      assertThat(ids[2999]).isEqualTo(3);
      assertThat(t.count("hello unknown")).isEqualTo(2);
      assertThat(t.encode("hello unknown")).containsExactly(1, 0);
    }
  }

  @Test
  void resolvesAModelIdThroughTheHub(@TempDir Path cache) throws IOException {
    Path repo = dir.resolve("models/org/tiny-tok");
    Files.createDirectories(repo);
    Files.writeString(repo.resolve("tokenizer.json"), TOKENIZER_JSON);
    try (LocalHub hub = LocalHub.serve(dir)) {
      Tokenizer t = Tokenizers.resolve("org/tiny-tok", hub.client(cache));
      assertThat(t.count("hello world")).isEqualTo(2);
      assertThat(hub.requests()).anyMatch(p -> p.endsWith("/tokenizer.json"));
    }
  }

  @Test
  void wordTokenizerCountsAreAdditive() {
    WordTokenizer w = WordTokenizer.instance();
    Random rnd = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      int[] a = rnd.ints(rnd.nextInt(50), 0, w.vocabularySize() * 2).toArray();
      int[] b = rnd.ints(rnd.nextInt(50), 0, w.vocabularySize() * 2).toArray();
      assertThat(w.count(w.decode(a) + w.decode(b))).isEqualTo(a.length + b.length);
      assertThat(w.count(w.decode(a))).isEqualTo(a.length);
    }
  }

  /** The one-pass encoder gives the ids of the plain definition: split on whitespace, look each word up. */
  @Test
  void wordTokenizerEncodesAsSplittingAndLookingUp() {
    WordTokenizer w = WordTokenizer.instance();
    Map<String, Integer> vocab = new HashMap<>();
    List<String> words = new ArrayList<>();
    for (int k = 0; k < w.vocabularySize(); k++) {
      String word = w.decode(new int[] {k}).strip();
      vocab.putIfAbsent(word, k);
      words.add(word);
    }
    String[] gaps = {" ", "  ", "\n", "\t", " \n\n", "\u2003"};
    String[] odd = {"héllo", "x", "Self", "def_", "==>", "\uD83D\uDE00", "returns_v2", "0"};
    Random rnd = new Random(11);
    for (int trial = 0; trial < 300; trial++) {
      StringBuilder b = new StringBuilder(rnd.nextBoolean() ? gaps[rnd.nextInt(gaps.length)] : "");
      for (int n = rnd.nextInt(200); n > 0; n--) {
        b.append(rnd.nextInt(4) == 0 ? odd[rnd.nextInt(odd.length)] : words.get(rnd.nextInt(words.size())));
        b.append(rnd.nextInt(5) == 0 ? gaps[rnd.nextInt(gaps.length)] : rnd.nextInt(9) == 0 ? "" : " ");
      }
      String text = b.toString();
      List<Integer> expected = new ArrayList<>();
      for (String word : text.split("[\\s\\u2003]+")) {
        if (!word.isEmpty()) {
          Integer id = vocab.get(word);
          expected.add(id != null ? id : Math.floorMod(word.hashCode(), w.vocabularySize()));
        }
      }
      assertThat(w.encode(text)).as(text).containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
      assertThat(w.count(text)).isEqualTo(expected.size());
    }
  }
}
