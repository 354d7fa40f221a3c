package dev.infermark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.SyntheticText;
import dev.infermark.api.workload.Turn;
import dev.infermark.protocol.ServerClient;
import dev.infermark.fixture.FakeClient;
import dev.infermark.testkit.ScenarioTestKit;
import dev.infermark.tokenizer.HfTokenizer;
import dev.infermark.tokenizer.WordTokenizer;

class ConversationsTest {
  @TempDir
  Path dir;

  @Test
  void warmupThenProfilingUpToTheRequestCountWithinTheConcurrency() throws Exception {
    FakeClient client = FakeClient.replying(r -> FakeClient.RE_PLY.taking(Duration.ofMillis(1)));
    ScenarioTestKit.Run run = ScenarioTestKit.settings(Map.of("concurrency", "3", "warmup-request-count", "4",
        "request-count", "20", "benchmark-duration", "60s")).server(client).artifactDir(dir)
        .run(Conversations.repeat(Turn.user("hello there").maxTokens(2), Turn.user("and again").maxTokens(2)));
    assertThat(run.failure()).isNull();
    List<RequestRecord> records = run.records();
    assertThat(records.stream().filter(r -> r.phase() == Phase.WARMUP)).hasSize(4);
    assertThat(records.stream().filter(r -> r.phase() == Phase.PROFILING)).hasSize(20);
    assertThat(client.maxInFlight()).isLessThanOrEqualTo(3);
    // the second turn carries the first turn and its reply
    InferenceRequest second = client.requests().stream().filter(r -> r.tags().turnIndex() == 1).findFirst().orElseThrow();
    assertThat(second.messages()).extracting(m -> m.role() + ":" + m.content())
        .containsExactly("user:hello there", "assistant:re ply", "user:and again");
    assertThat(second.maxTokens()).isEqualTo(2);
  }

  @Test
  void syntheticTextHasExactTokenCounts() {
    SyntheticText text = new SeededText(WordTokenizer.instance(), 7);
    for (int n : new int[] {1, 17, 1024}) {
      assertThat(WordTokenizer.instance().count(text.tokens(n))).isEqualTo(n);
    }
    assertThat(new SeededText(WordTokenizer.instance(), 7).tokens(50)).isEqualTo(new SeededText(WordTokenizer.instance(), 7).tokens(50));
  }

  @Test
  void textAfterASharedPrefixAddsExactlyItsTokensUnderARealTokenizer() throws Exception {
    // a word-level tokenizer.json splitting at punctuation too: the built-in vocabulary's words do not map one to one
    Path json = dir.resolve("tokenizer.json");
    java.nio.file.Files.writeString(json, """
        {"version":"1.0","truncation":null,"padding":null,"added_tokens":[],"normalizer":null,
         "pre_tokenizer":{"type":"Whitespace"},"post_processor":null,"decoder":null,
         "model":{"type":"WordLevel","vocab":{"[UNK]":0},"unk_token":"[UNK]"}}
        """);
    try (HfTokenizer tokenizer = HfTokenizer.load("word-level", json)) {
      SyntheticText text = new SeededText(tokenizer, 11);
      String prefix = text.tokens(40);
      assertThat(tokenizer.count(prefix)).isEqualTo(40);
      for (int n : new int[] {1, 9, 300}) {
        String prompt = text.tokensAfter(prefix, n);
        assertThat(prompt).startsWith(prefix + " ");
        assertThat(tokenizer.count(prompt)).as("prefix + %d", n).isEqualTo(40 + n);
      }
    }
    SyntheticText words = new SeededText(WordTokenizer.instance(), 11);
    assertThat(WordTokenizer.instance().count(words.tokensAfter("a shared start", 5))).isEqualTo(8);
    assertThat(words.tokensAfter("", 5)).isNotEmpty();
    // the API's default (a SyntheticText of the user's own) joins the two
    SyntheticText own = n -> "w ".repeat(n).strip();
    assertThat(own.tokensAfter("p q", 2)).isEqualTo("p q w w");
  }

  @Test
  void aMultiTurnConversationKeepsEachUserOnOneUrlAndOneTurnGoesRoundRobin() throws Exception {
    Map<String, String> settings = Map.of("concurrency", "2", "warmup-request-count", "0", "request-count", "8",
        "benchmark-duration", "60s");
    FakeClient multi = FakeClient.answering();
    ScenarioTestKit.settings(settings).server(multi).artifactDir(dir.resolve("multi"))
        .run(Conversations.repeat(Turn.user("hello there").maxTokens(2), Turn.user("and again").maxTokens(2)));
    assertThat(multi.requests()).isNotEmpty().allSatisfy(r ->
        assertThat(r.affinity()).isEqualTo("user-" + r.tags().lane()));
    FakeClient single = FakeClient.answering();
    ScenarioTestKit.settings(settings).server(single).artifactDir(dir.resolve("single"))
        .run(Conversations.repeat(Turn.user("hello there").maxTokens(2)));
    assertThat(single.requests()).isNotEmpty().allSatisfy(r -> assertThat(r.affinity()).isNull());
  }
}
