package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The simulator's {@link TokenMemo}: a conversation's repeated messages are not tokenised again,
 * and nothing a client or the ground truth can see differs from tokenising every request in full.
 */
class TokenMemoTest {
  /** The word tokenizer, counting the characters it is asked to encode. */
  static final class Counting implements Tokenizer {
    final AtomicInteger chars = new AtomicInteger();

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public int[] encode(String text) {
      chars.addAndGet(text.length());
      return WordTokenizer.instance().encode(text);
    }

    @Override
    public String decode(int[] ids) {
      return WordTokenizer.instance().decode(ids);
    }
  }

  @Test
  void aRepeatedTextIsEncodedOnceAndGivesTheSameIds() {
    Counting t = new Counting();
    TokenMemo memo = new TokenMemo(t, 1 << 20);
    String text = TestClient.words(2_000, "m");
    int[] first = memo.encode(text);
    int[] again = memo.encode(new String(text.toCharArray())); // an equal string, not the same object
    assertThat(again).isEqualTo(WordTokenizer.instance().encode(text)).isEqualTo(first);
    assertThat(t.chars.get()).isEqualTo(text.length());
    assertThat(memo.hits()).isEqualTo(1);
  }

  @Test
  void textsWithTheSameHashCodeAreNotConfused() {
    // "Aa" and "BB" have the same String.hashCode, so do any two strings built from them alike.
    String a = "Aa ".repeat(600) + "tail";
    String b = "BB ".repeat(600) + "tail";
    assertThat(a.hashCode()).isEqualTo(b.hashCode());
    TokenMemo memo = new TokenMemo(new Counting(), 1 << 20);
    memo.encode(a);
    assertThat(memo.encode(b)).isEqualTo(WordTokenizer.instance().encode(b));
    assertThat(memo.encode(a)).isEqualTo(WordTokenizer.instance().encode(a));
  }

  @Test
  void staysWithinItsBoundAndForgetsTheLeastRecentlyUsedFirst() {
    Counting t = new Counting();
    String[] texts = new String[20];
    for (int i = 0; i < texts.length; i++) {
      texts[i] = TestClient.words(1_000, "b" + i); // ~7 kB of text + 4 kB of ids each
    }
    TokenMemo memo = new TokenMemo(t, 60_000);
    for (String s : texts) {
      memo.encode(s);
      assertThat(memo.heldBytes()).isLessThanOrEqualTo(60_000);
    }
    memo.encode(texts[texts.length - 1]);
    assertThat(memo.hits()).isEqualTo(1); // the latest is held
    memo.encode(texts[0]);
    assertThat(memo.hits()).isEqualTo(1); // the first was evicted long ago: encoded again
    assertThat(memo.encode(texts[0])).isEqualTo(WordTokenizer.instance().encode(texts[0]));
  }

  @Test
  void shortTextsAndAZeroBoundBypassTheMemo() {
    Counting t = new Counting();
    TokenMemo off = new TokenMemo(t, 0);
    String text = TestClient.words(2_000, "z");
    off.encode(text);
    off.encode(text);
    assertThat(t.chars.get()).isEqualTo(2 * text.length());
    TokenMemo on = new TokenMemo(t, 1 << 20);
    on.encode("short text");
    on.encode("short text");
    assertThat(on.hits()).isZero();
  }

  @Test
  void aConversationsNextTurnTokenisesOnlyItsNewMessages() throws Exception {
    Counting t = new Counting();
    try (Simulator sim = Simulator.start(config(t).build());
        TestClient client = new TestClient(sim.baseUri())) {
      List<String> turn = new ArrayList<>(List.of(TestClient.words(3_000, "sys"), TestClient.words(4_000, "u0")));
      client.post("/v1/chat/completions", body(turn), "turn-0");
      int first = t.chars.get();
      String added = TestClient.words(500, "u1");
      turn.add(added);
      client.post("/v1/chat/completions", body(turn), "turn-1");
      assertThat(t.chars.get() - first).isEqualTo(added.length());
    }
  }

  @Test
  void everyUsageCountPrefixHitAndGroundTruthIsTheSameWithAndWithoutTheMemo() throws Exception {
    List<String> with = conversation(new TokenMemo(WordTokenizer.instance(), 1 << 24));
    List<String> without = conversation(new TokenMemo(WordTokenizer.instance(), 0));
    assertThat(with).isEqualTo(without);
    assertThat(with).anySatisfy(s -> assertThat(s).doesNotContain("\"cached_tokens\":0"));
  }

  /**
   * Six turns of two interleaved conversations (each repeats its history; one edits a message in
   * it, the other once sends no new message), through a fresh simulator: per turn the usage of the
   * response and the ground truth's token counts.
   */
  private static List<String> conversation(TokenMemo memo) throws Exception {
    List<String> out = new ArrayList<>();
    try (Simulator sim = Simulator.start(config(memo.tokenizer()).build(), memo);
        TestClient client = new TestClient(sim.baseUri())) {
      List<List<String>> convs = List.of(new ArrayList<>(List.of(TestClient.words(1_500, "a-sys"))),
          new ArrayList<>(List.of(TestClient.words(1_500, "b-sys"))));
      for (int k = 0; k < 6; k++) {
        for (int c = 0; c < convs.size(); c++) {
          List<String> msgs = convs.get(c);
          if (k == 3 && c == 0) {
            msgs.set(3, msgs.get(3).replace("u1-0", "edited")); // a change inside the history
          }
          if (k != 4 || c != 1) {
            msgs.add(TestClient.words(300 + 100 * k, "u" + k + "-" + c)); // k = 4: conv 1 adds no message of its own
          }
          String id = "c" + c + "-t" + k;
          JsonNode r = client.post("/v1/chat/completions", body(msgs), id).json();
          msgs.add(r.path("choices").get(0).path("message").path("content").asString());
          GroundTruth gt = sim.groundTruth(id).orElseThrow();
          out.add(id + " " + Json.write(r.path("usage")) + " gt prompt " + gt.promptTokens() + " cached "
              + gt.cachedTokens() + " out " + gt.outputTokens() + " finish " + gt.finishReason());
        }
      }
    }
    return out;
  }

  private static SimulatorConfig.Builder config(Tokenizer t) {
    return SimulatorConfig.builder().timeScale(0.01).maxModelLen(60_000).seed(11).tokenizer(t);
  }

  private static String body(List<String> messages) {
    ObjectNode o = Json.object();
    var arr = o.putArray("messages");
    for (int i = 0; i < messages.size(); i++) {
      arr.addObject().put("role", i == 0 ? "system" : i % 2 == 1 ? "user" : "assistant").put("content", messages.get(i));
    }
    o.put("max_completion_tokens", 24);
    o.put("stream", false);
    return Json.write(o);
  }
}
