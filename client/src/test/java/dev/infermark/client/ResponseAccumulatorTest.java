package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;

/** What the accumulator takes from each payload, read by the streaming {@link ChunkFields}. */
class ResponseAccumulatorTest {
  private static ResponseAccumulator feed(boolean keepText, String... payloads) {
    ResponseAccumulator acc = new ResponseAccumulator(keepText, new ErrorClassifier(List.of("context length")));
    long t = 1;
    for (String p : payloads) {
      byte[] b = p.getBytes(StandardCharsets.UTF_8);
      acc.onMessage(null, b, 0, b.length, t++);
    }
    return acc;
  }

  @Test
  void contentReasoningAndToolCallsCountAndAreKept() {
    ResponseAccumulator acc = feed(true,
        "{\"choices\":[{\"delta\":{\"content\":\"a\\u00e9\"}}]}",
        "{\"choices\":[{\"delta\":{\"reasoning_content\":\"r1\",\"reasoning\":\"ignored\"}}]}",
        "{\"choices\":[{\"delta\":{\"reasoning\":\"r2\"}}]}",
        "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0, \"function\":{\"name\":\"f\"}}]}}]}",
        "{\"choices\":[{\"finish_reason\":\"stop\",\"delta\":{}}]}");
    assertThat(acc.contentNs()).containsExactly(1, 2, 3, 4);
    assertThat(acc.text()).isEqualTo("aé[{\"index\":0,\"function\":{\"name\":\"f\"}}]");
    assertThat(acc.reasoningText()).isEqualTo("r1r2");
    assertThat(acc.finishReason).isEqualTo("stop");
    assertThat(acc.error).isNull();
  }

  @Test
  void emptyNullAndMissingFieldsCarryNoContent() {
    ResponseAccumulator acc = feed(false,
        "{\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":null}}]}",
        "{\"choices\":[{\"delta\":{\"content\":\"\"}}]}",
        // an empty reasoning_content wins over reasoning, as a tree lookup did
        "{\"choices\":[{\"delta\":{\"reasoning_content\":\"\",\"reasoning\":\"x\"}}]}",
        "{\"choices\":[{\"delta\":{\"tool_calls\":[]}}]}",
        // a delta that is null hides text
        "{\"choices\":[{\"delta\":null,\"text\":\"x\"}]}",
        "{\"choices\":[7,{\"delta\":{\"content\":\"second choice\"}}]}",
        "{\"choices\":[],\"timings\":{\"predicted_n\":5}}",
        "[1,2]",
        "{\"error\":null,\"choices\":[{\"delta\":{}}]}",
        "{\"error\":{},\"choices\":[{\"delta\":{}}]}");
    assertThat(acc.contentNs()).isEmpty();
    assertThat(acc.sawReasoning()).isFalse();
    assertThat(acc.error).isNull();
  }

  @Test
  void completionsTextAndWholeMessages() {
    ResponseAccumulator acc = feed(true, "{\"choices\":[{\"text\":\"one\"}]}",
        "{\"choices\":[{\"message\":{\"content\":\"two\"},\"text\":\"ignored\"}]}");
    assertThat(acc.contentNs()).containsExactly(1, 2);
    assertThat(acc.text()).isEqualTo("onetwo");
  }

  @Test
  void usageWithDetailsAndLaterChunksOverriding() {
    ResponseAccumulator acc = feed(false,
        "{\"choices\":[],\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":5,\"reasoning_tokens\":9,"
            + "\"completion_tokens_details\":{\"reasoning_tokens\":2},\"prompt_tokens_details\":{\"cached_tokens\":3}}}",
        "{\"usage\":{\"completion_tokens\":6.0,\"prompt_tokens\":null}}");
    assertThat(acc.promptTokens).isEqualTo(7);
    assertThat(acc.completionTokens).isEqualTo(6);
    assertThat(acc.reasoningTokens).isEqualTo(2);
    assertThat(acc.cachedTokens).isEqualTo(3);
  }

  @Test
  void errorsInTheStream() {
    ResponseAccumulator acc = feed(false, "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],"
        + "\"error\":{\"message\":\"maximum context length is 4096\",\"code\":400}}");
    assertThat(acc.error.kind()).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
    assertThat(acc.error.code()).isEqualTo(400);
    assertThat(acc.contentNs()).isEmpty(); // an error chunk's content does not count

    ResponseAccumulator str = feed(false, "{\"error\":\"engine died\"}");
    assertThat(str.error.kind()).isEqualTo(ErrorKind.SERVER_ERROR);
    assertThat(str.error.code()).isEqualTo(502);
    assertThat(str.error.message()).isEqualTo("engine died");
  }

  @Test
  void malformedOrTrailingJsonIsInvalid() {
    assertThat(feed(false, "{\"choices\": [not json").error.type()).isEqualTo("InvalidJSON");
    assertThat(feed(false, "{\"choices\":[]} {}").error.type()).isEqualTo("InvalidJSON");
    assertThat(feed(false, "[DONE]").done).isTrue();
    assertThat(feed(false, "{\"choices\":[{\"delta\":").error.type()).isEqualTo("InvalidJSON");
    assertThat(feed(false, "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]").error.type()).isEqualTo("InvalidJSON");
  }

  @Test
  void oneParserPerResponseSurvivesScalarsAndBrokenChunks() {
    ResponseAccumulator acc = feed(false, "42", "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]}", "true",
        "{\"choices\": [not json", "{\"choices\":[{\"delta\":{\"content\":\"b\"}}]}", "\"s\"",
        "{\"choices\":[{\"delta\":{\"content\":\"c\"}}]}");
    assertThat(acc.contentNs()).containsExactly(2, 5, 7);
    assertThat(acc.error.type()).isEqualTo("InvalidJSON"); // the first error stays
  }
}
