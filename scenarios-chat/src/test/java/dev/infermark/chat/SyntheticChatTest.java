package dev.infermark.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.workload.Conversation;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.TypedSettings;
import dev.infermark.tokenizer.HfTokenizer;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.workload.SeededText;

/** The synthetic data set AIPerf's prompt flags describe: lengths, prefixes, context, output, exact token counts. */
class SyntheticChatTest {
  private static final WordTokenizer WORDS = WordTokenizer.instance();

  @TempDir
  Path dir;

  /** The chat settings as the run reads them (the typed interface over these values). */
  private static ChatSettings settings(Map<String, String> values) {
    return TypedSettings.of(ChatSettings.class, Settings.of(values), SettingsRegistry.load());
  }

  private static List<Conversation> dataset(Map<String, String> values, long seed) {
    return SyntheticChat.of(settings(values)).conversations(new SeededText(WORDS, seed), seed);
  }

  private static String prompt(Conversation c) {
    return c.turns().get(0).text();
  }

  @Test
  void theDefaultsAreAiperfs() {
    List<Conversation> d = dataset(Map.of(), 1);
    assertThat(d).hasSize(100);
    assertThat(d).allSatisfy(c -> {
      assertThat(c.turns()).hasSize(1);
      assertThat(WORDS.count(prompt(c))).isEqualTo(550);
      assertThat(c.turns().get(0).maxTokens()).isNull(); // no osl: the server decides
      assertThat(c.systemPrompt()).isNull();
      assertThat(c.userContext()).isNull();
    });
    assertThat(new HashSet<>(d.stream().map(SyntheticChatTest::prompt).toList())).hasSize(100);
  }

  @Test
  void lengthsFollowTheirMeanAndDeviation() {
    List<Conversation> d = dataset(Map.of("isl", "200", "isl-stddev", "40", "osl", "100", "osl-stddev", "20",
        "num-dataset-entries", "3000"), 2);
    double[] in = d.stream().mapToDouble(c -> WORDS.count(prompt(c))).toArray();
    double[] out = d.stream().mapToDouble(c -> c.turns().get(0).maxTokens()).toArray();
    // a normal cut at 0 (5 deviations away: no visible cut), rounded up: the mean moves by half a token
    assertThat(mean(in)).isCloseTo(200.5, within(2.5));
    assertThat(stddev(in)).isCloseTo(40, within(2.0));
    assertThat(mean(out)).isCloseTo(100.5, within(1.2));
    assertThat(stddev(out)).isCloseTo(20, within(1.0));
    assertThat(d).allSatisfy(c -> assertThat(c.turns().get(0).fixedOutput()).isTrue());
  }

  @Test
  void aSmallMeanWithALargeDeviationStaysPositive() {
    List<Conversation> d = dataset(Map.of("isl", "2", "isl-stddev", "10", "num-dataset-entries", "500"), 3);
    assertThat(d).allSatisfy(c -> assertThat(WORDS.count(prompt(c))).isPositive());
  }

  @Test
  void everyPromptStartsWithOneOfThePoolsPrefixesOnTopOfItsOwnTokens() {
    List<Conversation> d = dataset(Map.of("num-prefix-prompts", "3", "prefix-prompt-length", "20", "isl", "10",
        "num-dataset-entries", "60"), 4);
    Map<String, Integer> uses = new HashMap<>();
    for (Conversation c : d) {
      String[] words = prompt(c).split(" ");
      assertThat(words).hasSize(30);
      uses.merge(String.join(" ", java.util.Arrays.copyOf(words, 20)), 1, Integer::sum);
    }
    assertThat(uses).hasSize(3); // three shared prefixes, each drawn by many prompts
    assertThat(uses.values()).allSatisfy(n -> assertThat(n).isGreaterThan(5));
  }

  @Test
  void aSharedSystemPromptAndAUserContextOfEachConversation() {
    List<Conversation> d = dataset(Map.of("shared-system-prompt-length", "12", "user-context-prompt-length", "8",
        "isl", "5", "num-dataset-entries", "20"), 5);
    Set<String> systems = new HashSet<>();
    Set<String> contexts = new HashSet<>();
    for (Conversation c : d) {
      systems.add(c.systemPrompt());
      contexts.add(c.userContext());
      assertThat(WORDS.count(c.userContext())).isEqualTo(8);
      assertThat(c.preamble()).extracting(m -> m.role()).containsExactly("system", "user");
    }
    assertThat(systems).hasSize(1);
    assertThat(WORDS.count(systems.iterator().next())).isEqualTo(12);
    assertThat(contexts).hasSize(20);
  }

  @Test
  void theOutputIsAskedExactlyUnlessFixedOutputLengthIsOff() {
    Turn fixed = dataset(Map.of("osl", "64", "num-dataset-entries", "1"), 6).get(0).turns().get(0);
    assertThat(fixed.maxTokens()).isEqualTo(64);
    assertThat(fixed.minTokens()).isEqualTo(64);
    assertThat(fixed.ignoreEos()).isTrue();
    Turn capped = dataset(Map.of("osl", "64", "fixed-output-length", "false", "num-dataset-entries", "1"), 6).get(0)
        .turns().get(0);
    assertThat(capped.maxTokens()).isEqualTo(64);
    assertThat(capped.minTokens()).isNull();
    assertThat(capped.ignoreEos()).isFalse();
  }

  @Test
  void theSameSeedGivesTheSameDataSet() {
    Map<String, String> s = Map.of("isl", "30", "isl-stddev", "5", "osl", "10", "osl-stddev", "3",
        "num-prefix-prompts", "2", "prefix-prompt-length", "4", "num-dataset-entries", "10");
    assertThat(dataset(s, 7)).isEqualTo(dataset(s, 7)).isNotEqualTo(dataset(s, 8));
  }

  @Test
  void settingsThatCannotBeUsedAreNamed() {
    assertThatThrownBy(() -> dataset(Map.of("osl-stddev", "5"), 1)).hasMessageStartingWith("infermark.osl-stddev")
        .hasMessageContaining("set osl too");
    assertThatThrownBy(() -> dataset(Map.of("fixed-output-length", "true"), 1))
        .hasMessageStartingWith("infermark.fixed-output-length");
    assertThatThrownBy(() -> dataset(Map.of("prefix-prompt-length", "10"), 1))
        .hasMessageStartingWith("infermark.prefix-prompt-length").hasMessageContaining("infermark.num-prefix-prompts");
    assertThatThrownBy(() -> dataset(Map.of("num-prefix-prompts", "4"), 1))
        .hasMessageStartingWith("infermark.num-prefix-prompts").hasMessageContaining("infermark.prefix-prompt-length");
    assertThatThrownBy(() -> dataset(Map.of("isl", "0"), 1)).hasMessage("infermark.isl: at least 1, got 0");
    assertThatThrownBy(() -> dataset(Map.of("num-dataset-entries", "0"), 1))
        .hasMessage("infermark.num-dataset-entries: at least 1, got 0");
    assertThatThrownBy(() -> dataset(Map.of("shared-system-prompt-length", "0"), 1))
        .hasMessage("infermark.shared-system-prompt-length: at least 1, got 0");
  }

  @Test
  void promptsHaveExactlyTheirTokensUnderTheRunsTokenizer() throws Exception {
    // a real tokenizer.json that splits at punctuation too: the built-in words do not map one to one on it
    Path json = dir.resolve("tokenizer.json");
    Files.writeString(json, """
        {"version":"1.0","truncation":null,"padding":null,"added_tokens":[],"normalizer":null,
         "pre_tokenizer":{"type":"Whitespace"},"post_processor":null,"decoder":null,
         "model":{"type":"WordLevel","vocab":{"[UNK]":0},"unk_token":"[UNK]"}}
        """);
    try (HfTokenizer tokenizer = HfTokenizer.load("word-level", json)) {
      SyntheticText text = new SeededText(tokenizer, 9);
      SyntheticChat chat = SyntheticChat.of(settings(Map.of("isl", "50", "isl-stddev", "10", "num-prefix-prompts", "2",
          "prefix-prompt-length", "16", "shared-system-prompt-length", "7", "num-dataset-entries", "30")));
      Set<Integer> lengths = new HashSet<>();
      Set<String> prefixes = new HashSet<>();
      for (Conversation c : chat.conversations(text, 9)) {
        assertThat(tokenizer.count(c.systemPrompt())).isEqualTo(7);
        String prefix = longestStart(tokenizer, prompt(c), 16);
        prefixes.add(prefix);
        // the prefix is exactly 16 tokens, and the prompt exactly its own tokens more
        lengths.add(tokenizer.count(prompt(c)) - tokenizer.count(prefix));
      }
      assertThat(prefixes).hasSize(2);
      assertThat(lengths).hasSizeGreaterThan(5).allSatisfy(n -> assertThat(n).isPositive()); // drawn around 50
    }
  }

  /** The longest start of {@code prompt}, cut at a space, that counts {@code tokens} tokens. */
  private static String longestStart(Tokenizer t, String prompt, int tokens) {
    String best = null;
    for (int i = prompt.indexOf(' '); i > 0; i = prompt.indexOf(' ', i + 1)) {
      int c = t.count(prompt.substring(0, i));
      if (c == tokens) {
        best = prompt.substring(0, i);
      } else if (c > tokens) {
        break;
      }
    }
    assertThat(best).as("a start of %d tokens", tokens).isNotNull();
    return best;
  }

  @Test
  void describesWhatTheRunPlays() {
    assertThat(SyntheticChat.of(settings(Map.of("isl", "128", "isl-stddev", "8", "osl", "32", "num-prefix-prompts", "4",
        "prefix-prompt-length", "64", "shared-system-prompt-length", "100"))).describe())
        .isEqualTo("100 synthetic conversations, input 128 ± 8 tokens after one of 4 shared prefixes of 64 tokens, "
            + "output exactly 32 tokens, a shared system prompt of 100 tokens");
  }

  private static double mean(double[] v) {
    return java.util.Arrays.stream(v).average().orElseThrow();
  }

  private static double stddev(double[] v) {
    double m = mean(v);
    return Math.sqrt(java.util.Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / v.length);
  }
}
