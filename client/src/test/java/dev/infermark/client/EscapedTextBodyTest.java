package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.json.JsonText;

/** A message whose content keeps its escaped form is written as those bytes, the same body as from its text. */
class EscapedTextBodyTest {
  /** A text that keeps what it is given as its escaped form. */
  record Kept(String text, byte[] escaped) implements JsonText {
    @Override
    public byte[] jsonEscaped() {
      return escaped;
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public char charAt(int i) {
      return text.charAt(i);
    }

    @Override
    public CharSequence subSequence(int s, int e) {
      return text.subSequence(s, e);
    }

    @Override
    public String toString() {
      return text;
    }
  }

  private static byte[] body(boolean chat, CharSequence content) {
    RequestBodyWriter w = new RequestBodyWriter(chat, true, false, true, "m", null);
    List<ChatMessage> messages = List.of(new ChatMessage("system", "s"), new ChatMessage("user", content));
    return w.write(new InferenceRequest(Phase.PROFILING, null, chat ? messages : List.of(), chat ? null : content, null, 8,
        null, false, -1));
  }

  /** Quotes, backslashes, every control character, slashes, HTML, Latin-1, other BMP, surrogate pairs. */
  private static String randomText(SplittableRandom r, int n) {
    String pool = "\"\\/<>&'\u00e9\u00ff\u0100\u20ac\u4e2d\u2028\u2029\ufffd abcXYZ019";
    StringBuilder sb = new StringBuilder();
    while (sb.length() < n) {
      switch (r.nextInt(4)) {
        case 0 -> sb.append((char) r.nextInt(0x20));
        case 1 -> sb.appendCodePoint(0x1F600 + r.nextInt(64));
        default -> sb.append(pool.charAt(r.nextInt(pool.length())));
      }
    }
    return sb.toString();
  }

  @Test
  void keptEscapedTextsGiveTheSameBodyAsTheirTexts() {
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 200; i++) {
      String text = randomText(r, 1 + r.nextInt(300));
      Kept kept = new Kept(text, JsonText.escape(text));
      assertThat(body(true, kept)).isEqualTo(body(true, text));
      assertThat(body(false, kept)).isEqualTo(body(false, text));
    }
  }

  @Test
  void theKeptBytesAreWhatIsWritten() {
    Kept kept = new Kept("plain", "kept\\n".getBytes(StandardCharsets.UTF_8));
    assertThat(new String(body(true, kept), StandardCharsets.UTF_8)).contains("{\"role\":\"user\",\"content\":\"kept\\n\"}");
  }

  @Test
  void concatenatedEscapedFormsAreTheEscapedConcatenation() {
    SplittableRandom r = new SplittableRandom(11);
    for (int i = 0; i < 100; i++) {
      String a = randomText(r, r.nextInt(50));
      String b = randomText(r, r.nextInt(50));
      assertThat(JsonText.concat(JsonText.escape(a), JsonText.escape(b))).isEqualTo(JsonText.escape(a + b));
    }
  }
}
