package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import dev.infermark.tokenizer.Tokenizer;
import tools.jackson.databind.JsonNode;

/**
 * Streamed chunks are built as bytes in place ({@link ChunkBuffer}); the wire must stay byte for
 * byte what it was ({@link WireBefore}): escaping, UTF-8 (unpaired surrogates included), framing,
 * faults, usage and {@code [DONE]}.
 */
class ChunkWireTest {
  /** Texts that exercise JSON escaping and UTF-8: quotes, backslash, controls, 2-4 byte chars, lone surrogates. */
  static final String[] TRICKY = {"\"", "\\", "\n", "\r\n", "\t", "\b\f", "\u0000", "\u001f", "\u007f", "/", "</script>",
      "é", "日本語", "😀", "a😀b", "\ud83d", "\ude00", "x\ud83d", "\ude00y", "\ud83d\ud83d", "\u2028\u2029", "\ufeff",
      "\uffff", "", " hello", "say \"hi\"\\n", "\u00ff\u0100", "\u07ff\u0800"};

  @Test
  void utf8IsStringGetBytesForEveryCharAndSurrogateNeighbourhood() {
    ChunkBuffer b = new ChunkBuffer();
    for (int c = 0; c <= 0xffff; c++) {
      String s = "a" + (char) c + "b";
      assertThat(utf8(b, s)).as("U+%04X", c).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
    }
    char[] surrogates = {'\ud800', '\udbff', '\udc00', '\udfff', 'x', '\u00e9'};
    for (char x : surrogates) {
      for (char y : surrogates) {
        for (char z : surrogates) {
          String s = new String(new char[] {x, y, z});
          assertThat(utf8(b, s)).as(s).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
      }
    }
  }

  private static byte[] utf8(ChunkBuffer b, String s) {
    b.clear().putUtf8(s);
    return data(b);
  }

  private static byte[] data(ChunkBuffer b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      b.writeTo(out, false);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    byte[] all = out.toByteArray();
    int start = 0;
    while (all[start] != '\n') {
      start++;
    }
    return Arrays.copyOfRange(all, start + 1, all.length - 2);
  }

  @Test
  void randomStreamsAreTheWireBeforeByteForByte() throws IOException {
    SplittableRandom rng = new SplittableRandom(20261202);
    ChunkBuffer buf = new ChunkBuffer(); // one per connection: reused by every stream, as there
    Fault[] faults = {null, null, null, Fault.MALFORMED_CHUNK, Fault.MISSING_DONE, Fault.RESET};
    for (int n = 0; n < 4000; n++) {
      boolean chat = rng.nextBoolean();
      int target = n % 97 == 0 ? 2000 + rng.nextInt(2000) : 1 + rng.nextInt(40); // some batches past the kept size
      String[] texts = new String[target];
      for (int i = 0; i < target; i++) {
        texts[i] = text(rng);
      }
      Fault fault = faults[rng.nextInt(faults.length)];
      int faultIndex = fault == Fault.RESET || fault == Fault.MALFORMED_CHUNK ? rng.nextInt(target) : -1;
      List<Integer> ends = new ArrayList<>();
      for (int at = 0; at < target; ) {
        at = Math.min(target, at + 1 + (rng.nextInt(4) == 0 ? rng.nextInt(target) : 0));
        ends.add(at);
      }
      WireBefore.Stream s = new WireBefore.Stream(chat, rng.nextBoolean() ? "chatcmpl-" + Long.toHexString(rng.nextLong())
          : text(rng), rng.nextLong(1L << 40), rng.nextInt(3) == 0 ? text(rng) + text(rng) : "test-model",
          texts, chat ? rng.nextInt(target + 1) : 0, rng.nextBoolean() ? "stop" : "length", fault, faultIndex,
          rng.nextBoolean(), rng.nextInt(1 << 20), rng.nextInt(1 << 16), ends.stream().mapToInt(Integer::intValue).toArray());
      byte[] before = fixed(s, WireBefore.wire(s));
      byte[] after = wireAfter(s, buf);
      if (!Arrays.equals(before, after)) {
        int at = Arrays.mismatch(before, after);
        assertThat(HexFormat.of().formatHex(after, at, Math.min(after.length, at + 64))).as("stream %d differs at byte %d: %s",
            n, at, s).isEqualTo(HexFormat.of().formatHex(before, at, Math.min(before.length, at + 64)));
      }
      assertThat(after).isEqualTo(before);
    }
  }

  /**
   * The wire before, less its one framing bug: a stream with nothing for its last write (no [DONE],
   * no usage) sent an empty data chunk, itself a body's end, then the zero chunk: 5 stray bytes.
   */
  private static byte[] fixed(WireBefore.Stream s, byte[] before) {
    boolean emptyLast = s.fault() == Fault.MISSING_DONE && !s.includeUsage();
    return emptyLast ? Arrays.copyOf(before, before.length - 5) : before;
  }

  @Test
  void aLastWriteWithNothingInItIsTheZeroChunkAlone() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new ChunkBuffer().clear().writeTo(out, true);
    assertThat(out.toString(StandardCharsets.ISO_8859_1)).isEqualTo("0\r\n\r\n");
  }

  /** A token text: one of the tricky ones, a few of them, or random chars from every UTF-16 range. */
  private static String text(SplittableRandom rng) {
    switch (rng.nextInt(4)) {
      case 0 -> {
        return TRICKY[rng.nextInt(TRICKY.length)];
      }
      case 1 -> {
        return TRICKY[rng.nextInt(TRICKY.length)] + TRICKY[rng.nextInt(TRICKY.length)] + "w" + rng.nextInt(100);
      }
      case 2 -> {
        return " word" + rng.nextInt(50_000);
      }
      default -> {
        char[] c = new char[rng.nextInt(6)];
        for (int i = 0; i < c.length; i++) {
          int range = rng.nextInt(4);
          c[i] = (char) (range == 0 ? rng.nextInt(0x80) : range == 1 ? 0x80 + rng.nextInt(0x780)
              : range == 2 ? 0xd800 + rng.nextInt(0x800) : 0x800 + rng.nextInt(0xf800));
        }
        return new String(c);
      }
    }
  }

  /** {@link WireBefore#wire} through {@link ChunkFormat} and {@link ChunkBuffer}, as {@code Completion} now writes. */
  private static byte[] wireAfter(WireBefore.Stream s, ChunkBuffer buf) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ChunkFormat fmt = new ChunkFormat(s.chat(), s.id(), s.created(), s.model());
    int target = s.texts().length;
    int sent = 0;
    for (int upTo : s.batches()) {
      if (s.fault() == Fault.RESET && sent == s.faultIndex()) {
        return out.toByteArray();
      }
      upTo = s.fault() == Fault.RESET ? Math.min(upTo, s.faultIndex()) : upTo;
      buf.clear();
      for (int i = sent; i < upTo; i++) {
        if (i == 0 && s.chat()) {
          fmt.role(buf);
        }
        if (s.fault() == Fault.MALFORMED_CHUNK && i == s.faultIndex()) {
          fmt.malformed(buf);
        } else {
          fmt.token(buf, s.texts()[i], i < s.reasoning(), i == target - 1 ? s.finishReason() : null);
        }
      }
      buf.writeTo(out, false);
      sent = upTo;
    }
    if (s.fault() == Fault.RESET && sent == s.faultIndex()) {
      return out.toByteArray();
    }
    buf.clear();
    if (s.includeUsage()) {
      fmt.usage(buf, s.promptLen(), target, s.cached(), s.reasoning());
    }
    if (s.fault() != Fault.MISSING_DONE) {
      ChunkFormat.done(buf);
    }
    buf.writeTo(out, true);
    return out.toByteArray();
  }

  // --- through a running simulator ---

  /** Token {@code id}'s text is {@code id~} then a tricky text, so the stream says which token each chunk holds. */
  static final class TrickyTokenizer implements Tokenizer {
    @Override
    public String name() {
      return "test:tricky";
    }

    @Override
    public int[] encode(String text) {
      return text.chars().toArray();
    }

    @Override
    public String decode(int[] ids) {
      StringBuilder b = new StringBuilder();
      for (int id : ids) {
        b.append(id).append('~').append(TRICKY[id % TRICKY.length]);
      }
      return b.toString();
    }
  }

  @Test
  void aSimulatorsStreamsAreTheWireBeforeByteForByte() throws Exception {
    Fault[] faults = {null, Fault.MALFORMED_CHUNK, Fault.MISSING_DONE};
    for (Fault fault : faults) {
      SimulatorConfig.Builder cfg = SimulatorConfig.builder().tokenizer(new TrickyTokenizer()).timeScale(0.05)
          .reasoningFraction(0.3).seed(5);
      if (fault != null) {
        cfg.faults(FaultRates.only(fault, 1.0));
      }
      try (Simulator sim = Simulator.start(cfg.build()); Socket sock = new Socket("127.0.0.1", sim.port())) {
        sock.setSoTimeout(30_000);
        int streams = 0;
        for (boolean chat : new boolean[] {true, false}) {
          for (boolean usage : new boolean[] {true, false}) {
            if (fault == Fault.MISSING_DONE && !usage) {
              continue; // its last data is a token batch, where this reader expects the [DONE] or usage chunk
            }
            String id = "wire-" + fault + "-" + chat + "-" + usage;
            checkStream(sock, chat, usage, id, 120, sim, fault);
            streams++;
          }
        }
        assertThat(streams).isPositive();
      }
    }
  }

  /** Sends one streamed request on {@code sock} and checks every byte of the answer against {@link WireBefore}. */
  private static void checkStream(Socket sock, boolean chat, boolean usage, String requestId, int maxTokens, Simulator sim,
      Fault fault) throws IOException {
    var o = Json.object();
    o.put("model", "m\u00e9\"\\\ud83d\ude00");
    if (chat) {
      var m = o.putArray("messages").addObject();
      m.put("role", "user");
      m.put("content", "hello");
    } else {
      o.put("prompt", "hello");
    }
    // a seed per stream: each draws other tokens, so together they send every tricky text alone and in company
    o.put("max_tokens", maxTokens).put("ignore_eos", true).put("stream", true).put("seed", requestId.hashCode());
    o.putObject("stream_options").put("include_usage", usage);
    byte[] body = Json.write(o).getBytes(StandardCharsets.UTF_8);
    OutputStream os = sock.getOutputStream();
    os.write(("POST " + (chat ? "/v1/chat/completions" : "/v1/completions") + " HTTP/1.1\r\nHost: x\r\nX-Request-ID: "
        + requestId + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
        .getBytes(StandardCharsets.ISO_8859_1));
    os.write(body);
    os.flush();

    InputStream in = sock.getInputStream();
    String head = new String(readUntil(in, "\r\n\r\n"), StandardCharsets.ISO_8859_1);
    assertThat(head).isEqualTo("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-cache\r\n"
        + "X-Request-ID: " + requestId + "\r\nTransfer-Encoding: chunked\r\n\r\n");
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    List<byte[]> chunks = new ArrayList<>();
    while (true) {
      byte[] sizeLine = readUntil(in, "\r\n");
      wire.write(sizeLine);
      int size = Integer.parseInt(new String(sizeLine, 0, sizeLine.length - 2, StandardCharsets.ISO_8859_1), 16);
      if (size == 0) {
        wire.write(readUntil(in, "\r\n"));
        break;
      }
      byte[] data = in.readNBytes(size);
      wire.write(data);
      wire.write(readUntil(in, "\r\n"));
      chunks.add(data);
    }

    // The same stream through the old code: its texts and batches as they came, the rest as sent.
    List<String> texts = new ArrayList<>();
    List<Integer> ends = new ArrayList<>();
    String id = null;
    long created = 0;
    String finish = null;
    int reasoning = 0;
    int faultIndex = -1;
    int promptLen = -1;
    int cached = -1;
    for (int c = 0; c < chunks.size(); c++) {
      String data = new String(chunks.get(c), StandardCharsets.UTF_8);
      for (String event : data.split("\n\n")) {
        assertThat(event).startsWith("data: ");
        String payload = event.substring(6);
        if (payload.equals("[DONE]")) {
          continue;
        }
        if (fault == Fault.MALFORMED_CHUNK && payload.endsWith("{\"content\":\"")) {
          faultIndex = texts.size();
          texts.add("");
          continue;
        }
        JsonNode j = Json.parse(payload);
        id = j.path("id").asString();
        created = j.path("created").asLong();
        assertThat(j.path("model").asString()).isEqualTo("m\u00e9\"\\\ud83d\ude00");
        if (j.path("choices").isEmpty()) {
          JsonNode u = j.path("usage");
          promptLen = u.path("prompt_tokens").asInt();
          cached = u.path("prompt_tokens_details").path("cached_tokens").asInt();
          continue;
        }
        JsonNode choice = j.path("choices").get(0);
        if (choice.path("delta").has("role")) {
          continue;
        }
        String text;
        if (chat && choice.path("delta").has("reasoning_content")) {
          text = choice.path("delta").path("reasoning_content").asString();
          reasoning++;
        } else {
          text = chat ? choice.path("delta").path("content").asString() : choice.path("text").asString();
        }
        // the token the text names, as String.getBytes sends an unpaired surrogate ('?')
        int tokenId = Integer.parseInt(text.substring(0, text.indexOf('~')));
        String sent = new TrickyTokenizer().decode(new int[] {tokenId});
        assertThat(text).isEqualTo(new String(sent.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
        texts.add(sent);
        if (!choice.path("finish_reason").isNull()) {
          finish = choice.path("finish_reason").asString();
        }
      }
      if (c < chunks.size() - 1) {
        ends.add(texts.size());
      }
    }
    assertThat(texts).hasSize(maxTokens);
    if (finish == null && faultIndex == maxTokens - 1) {
      finish = "length"; // the malformed chunk took the last token's place
    }
    assertThat(finish).isEqualTo("length");
    int expectReasoning = chat ? (int) Math.floor(maxTokens * 0.3) : 0;
    assertThat(reasoning).isEqualTo(expectReasoning - (faultIndex >= 0 && faultIndex < expectReasoning ? 1 : 0));
    GroundTruth gt = sim.groundTruth(requestId).orElseThrow();
    WireBefore.Stream s = new WireBefore.Stream(chat, id, created, "m\u00e9\"\\\ud83d\ude00", texts.toArray(String[]::new),
        expectReasoning, finish, fault, faultIndex, usage, usage ? promptLen : gt.promptTokens(), usage ? cached : 0,
        ends.stream().mapToInt(Integer::intValue).toArray());
    assertThat(wire.toByteArray()).isEqualTo(WireBefore.wire(s));
  }

  private static byte[] readUntil(InputStream in, String end) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    byte[] e = end.getBytes(StandardCharsets.ISO_8859_1);
    while (true) {
      int c = in.read();
      assertThat(c).as("stream ended early").isNotNegative();
      b.write(c);
      byte[] all = b.toByteArray();
      if (all.length >= e.length && Arrays.equals(all, all.length - e.length, all.length, e, 0, e.length)) {
        return all;
      }
    }
  }
}
