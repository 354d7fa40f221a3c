package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * {@link ChunkFields} reads what a Jackson tree says and accepts exactly the payloads Jackson
 * accepts: checked on random OpenAI-shaped payloads, valid and broken (truncated, a byte changed,
 * inserted or dropped), against a reference that reads the tree the way the client used to.
 */
class ChunkFieldsTest {
  private static final String[] KEYS = {"error", "choices", "usage", "delta", "message", "content", "reasoning_content",
      "reasoning", "tool_calls", "text", "finish_reason", "code", "prompt_tokens", "completion_tokens", "reasoning_tokens",
      "completion_tokens_details", "prompt_tokens_details", "cached_tokens", "index", "id", "x", "con\\u0074ent"};
  private static final String[] STRINGS = {"", "a", " tok", "h\\u00e9llo", "\\n\\t\\\"q\\\"", "\\ud83d\\ude00", "é€", "stop",
      "\\/", "x\\\\y"};
  private static final String[] NUMBERS = {"0", "7", "-3", "42.5", "1e3", "-0", "9999999999", "123456789012345678901234", "2.0E-3"};
  private static final String[] JUNK = {"{", "}", "[", "]", ",", ":", "\"", "\\", "0", "01", "-", ".", "e", "x", "t", "n", " ",
      "\u0001", "nul", "tru"};

  @Test
  void readsWhatTheTreeSaysAndRejectsWhatJacksonRejects() {
    Random r = new Random(20261201);
    int valid = 0;
    int invalid = 0;
    for (int i = 0; i < 30_000; i++) {
      String json = payload(r);
      if (i % 3 != 0) {
        json = mutate(r, json);
      }
      String expected = reference(json);
      assertThat(subject(json)).as(json).isEqualTo(expected);
      if (expected.equals("INVALID")) {
        invalid++;
      } else {
        valid++;
      }
    }
    // both kinds were really exercised
    assertThat(valid).isGreaterThan(5_000);
    assertThat(invalid).isGreaterThan(5_000);
  }

  @Test
  void typicalChunksAndEdges() {
    for (String json : List.of("{\"choices\":[{\"delta\":{\"content\":\" tok\"}}],\"sent_ns\":123}", "{}", "[]", "42", "\"s\"",
        "null", " {\"usage\":{\"prompt_tokens\":1}} ", "{\"a\":01}", "{\"a\":1.}", "{\"a\":tru}", "{\"a\":\"\t\"}", "{\"a\":1}}",
        "{\"a\" 1}", "{\"a\":[1,]}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{\"error\":{}}", "{\"error\":null}",
        "{\"error\":{\"code\":4000000000}}", "{\"choices\":[{\"delta\":null,\"text\":\"x\"}]}", "")) {
      assertThat(subject(json)).as(json).isEqualTo(reference(json));
    }
  }

  private static String subject(String json) {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    ChunkFields f = new ChunkFields(true);
    try {
      f.parse(b, 0, b.length);
    } catch (ChunkFields.MalformedJson e) {
      return "INVALID";
    }
    StringBuilder sb = new StringBuilder();
    sb.append("error=").append(f.error).append(f.error ? "/" + f.errorCode : "");
    if (f.error) {
      return sb.toString();
    }
    if (f.choice) {
      ChunkFields.Message d = f.delta.present ? f.delta : f.message.present ? f.message : null;
      sb.append(" content=").append(d != null ? state(d.content, d.contentValue) : state(f.text, f.textValue));
      if (d != null) {
        boolean rc = d.reasoningContent != ChunkFields.ABSENT;
        sb.append(" reasoning=").append(rc ? state(d.reasoningContent, d.reasoningContentValue) : state(d.reasoning, d.reasoningValue));
        sb.append(" tools=").append(d.toolCallsJson);
      }
      sb.append(" finish=").append(f.finishReason);
    }
    if (f.usage) {
      sb.append(" usage=").append(i(f.promptTokens)).append('/').append(i(f.completionTokens)).append('/')
          .append(f.detailReasoningTokens != null ? i(f.detailReasoningTokens) : i(f.reasoningTokens)).append('/')
          .append(i(f.cachedTokens));
    }
    return sb.toString();
  }

  /** What the client read from a Jackson tree before (ResponseAccumulator.onJson). */
  private static String reference(String json) {
    JsonNode n;
    try {
      n = Json.MAPPER.readTree(json.getBytes(StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      return "INVALID";
    }
    if (n == null || n.isMissingNode()) {
      return "INVALID"; // nothing at all: ChunkFields calls that invalid, not an empty object
    }
    JsonNode err = n.get("error");
    boolean error = err != null && !err.isNull() && !(err.isObject() && err.isEmpty());
    StringBuilder sb = new StringBuilder("error=").append(error);
    if (error) {
      JsonNode code = err.isObject() ? err.get("code") : null;
      return sb.append("/").append(code != null && code.isIntegralNumber() ? code.numberValue().intValue() : 0).toString();
    }
    JsonNode choices = n.get("choices");
    if (choices != null && choices.isArray() && !choices.isEmpty() && choices.get(0).isObject()) {
      JsonNode c0 = choices.get(0);
      JsonNode d = c0.get("delta");
      if (d == null) {
        d = c0.get("message");
      }
      sb.append(" content=").append(d != null ? state(d.get("content")) : state(c0.get("text")));
      if (d != null) {
        JsonNode rc = d.get("reasoning_content");
        sb.append(" reasoning=").append(rc != null && rc.isString() ? state(rc) : state(d.get("reasoning")));
        JsonNode tools = d.get("tool_calls");
        sb.append(" tools=").append(tools != null && tools.isArray() && !tools.isEmpty() ? tools.toString() : null);
      }
      JsonNode f = c0.get("finish_reason");
      sb.append(" finish=").append(f != null && f.isString() ? f.stringValue() : null);
    }
    JsonNode u = n.get("usage");
    if (u != null && u.isObject()) {
      JsonNode det = u.get("completion_tokens_details");
      JsonNode detR = det != null && det.isObject() ? det.get("reasoning_tokens") : null;
      JsonNode p = u.get("prompt_tokens_details");
      sb.append(" usage=").append(num(u.get("prompt_tokens"))).append('/').append(num(u.get("completion_tokens"))).append('/')
          .append(detR != null && detR.isNumber() ? num(detR) : num(u.get("reasoning_tokens"))).append('/')
          .append(p != null && p.isObject() ? num(p.get("cached_tokens")) : null);
    }
    return sb.toString();
  }

  private static String state(int s, String value) {
    return s == ChunkFields.ABSENT ? "absent" : s == ChunkFields.EMPTY ? "empty" : "text:" + value;
  }

  private static String state(JsonNode v) {
    return v == null || !v.isString() ? "absent" : v.stringValue().isEmpty() ? "empty" : "text:" + v.stringValue();
  }

  private static String i(Number n) {
    return n == null ? null : Integer.toString(n.intValue());
  }

  private static String num(JsonNode v) {
    return v != null && v.isNumber() ? Integer.toString(v.numberValue().intValue()) : null;
  }

  private static String payload(Random r) {
    StringBuilder sb = new StringBuilder();
    object(r, sb, 0);
    return sb.toString();
  }

  private static void object(Random r, StringBuilder sb, int depth) {
    sb.append('{').append(ws(r));
    int n = r.nextInt(depth == 0 ? 5 : 4);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(',').append(ws(r));
      }
      sb.append('"').append(KEYS[r.nextInt(KEYS.length)]).append('"').append(ws(r)).append(':').append(ws(r));
      value(r, sb, depth + 1);
      sb.append(ws(r));
    }
    sb.append('}');
  }

  private static void value(Random r, StringBuilder sb, int depth) {
    int k = r.nextInt(depth > 4 ? 4 : 7);
    switch (k) {
      case 0 -> sb.append('"').append(STRINGS[r.nextInt(STRINGS.length)]).append('"');
      case 1 -> sb.append(NUMBERS[r.nextInt(NUMBERS.length)]);
      case 2 -> sb.append(List.of("true", "false", "null").get(r.nextInt(3)));
      case 3 -> sb.append('"').append(STRINGS[r.nextInt(STRINGS.length)]).append('"');
      case 4, 5 -> object(r, sb, depth);
      default -> {
        sb.append('[').append(ws(r));
        int n = r.nextInt(3);
        for (int i = 0; i < n; i++) {
          if (i > 0) {
            sb.append(',').append(ws(r));
          }
          value(r, sb, depth + 1);
        }
        sb.append(ws(r)).append(']');
      }
    }
  }

  private static String ws(Random r) {
    return r.nextInt(5) == 0 ? List.of(" ", "\n", "\t ", "\r\n").get(r.nextInt(4)) : "";
  }

  private static String mutate(Random r, String s) {
    int at = r.nextInt(s.length() + 1);
    return switch (r.nextInt(4)) {
      case 0 -> s.substring(0, at);
      case 1 -> s.substring(0, at) + JUNK[r.nextInt(JUNK.length)] + s.substring(at);
      case 2 -> at < s.length() ? s.substring(0, at) + s.substring(at + 1) : s + " ";
      default -> at < s.length() ? s.substring(0, at) + JUNK[r.nextInt(JUNK.length)] + s.substring(at + 1) : s + "x";
    };
  }

}
