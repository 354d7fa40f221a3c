package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestTags;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/** OpenAI tool-calling messages: the optional ChatMessage fields and how the body carries them. */
class ToolCallMessagesTest {
  private static final String CALLS = "[{\"id\":\"c0\",\"type\":\"function\",\"function\":{\"name\":\"bash\","
      + "\"arguments\":\"{\\\"cmd\\\":\\\"ls\\\"}\"}}]";

  private static List<Map<String, Object>> calls() {
    return Json.plainObjects(Json.parse(CALLS));
  }

  private static InferenceRequest request(List<ChatMessage> messages, Map<String, Object> extra) {
    RequestTags tags = new RequestTags("t", "c", 0, null, null, 0, 0, java.util.Map.of());
    return new InferenceRequest(Phase.PROFILING, tags, messages, null, null, 16, extra, false, -1);
  }

  private static String body(RequestBodyWriter w, InferenceRequest r) {
    return new String(w.write(r), StandardCharsets.UTF_8);
  }

  @Test
  void toolCallsToolResultsAndNamesAreWrittenInOpenAiForm() {
    RequestBodyWriter w = new RequestBodyWriter(true, true, false, false, "m", null);
    ChatMessage named = new ChatMessage("tool", "done", null, "c1", "grep");
    InferenceRequest r = request(List.of(ChatMessage.user("fix it"), ChatMessage.assistant(null, calls()),
        ChatMessage.tool("c0", "a.py"), named, ChatMessage.assistant("ok")),
        Json.plainObject(Json.parse("{\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"bash\"}}]}")));

    assertThat(body(w, r)).isEqualTo("{\"messages\":["
        + "{\"role\":\"user\",\"content\":\"fix it\"},"
        + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":" + CALLS + "},"
        + "{\"role\":\"tool\",\"content\":\"a.py\",\"tool_call_id\":\"c0\"},"
        + "{\"role\":\"tool\",\"content\":\"done\",\"tool_call_id\":\"c1\",\"name\":\"grep\"},"
        + "{\"role\":\"assistant\",\"content\":\"ok\"}],"
        + "\"model\":\"m\",\"stream\":true,\"max_completion_tokens\":16,"
        + "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"bash\"}}]}");
  }

  @Test
  void plainMessagesAreWrittenAsBefore() {
    RequestBodyWriter w = new RequestBodyWriter(true, false, false, false, null, null);
    InferenceRequest r = request(List.of(new ChatMessage("system", new StringBuilder("s")), ChatMessage.user("u")), null);
    assertThat(body(w, r)).isEqualTo("{\"messages\":[{\"role\":\"system\",\"content\":\"s\"},{\"role\":\"user\",\"content\":\"u\"}],"
        + "\"stream\":false,\"max_completion_tokens\":16}");
  }

  @Test
  void completionsPromptSkipsMessagesWithoutContent() {
    RequestBodyWriter w = new RequestBodyWriter(false, false, false, false, null, null);
    InferenceRequest r = request(List.of(ChatMessage.user("a"), ChatMessage.assistant(null, calls()),
        ChatMessage.tool("c0", "b")), null);
    assertThat(body(w, r)).isEqualTo("{\"prompt\":\"a\\nb\",\"stream\":false,\"max_tokens\":16}");
  }

  @Test
  void theTwoArgumentFormHasNoToolFieldsAndToolCallsMustBeJson() {
    ChatMessage m = new ChatMessage("user", "x");
    assertThat(m.toolCalls()).isNull();
    assertThat(m.toolCallId()).isNull();
    assertThat(m.name()).isNull();
    assertThat(m).isEqualTo(ChatMessage.user("x"));
    assertThatThrownBy(() -> ChatMessage.assistant(null, List.of(Map.of("id", new Object()))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tool_calls[0].id").hasMessageContaining("not a JSON value");
    assertThatThrownBy(() -> ChatMessage.assistant(null, java.util.Arrays.asList((Map<String, Object>) null)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tool_calls[0] must be a JSON object");
  }

  @Test
  void toolCallsAreCopiedAndKeptByWithContent() {
    List<Map<String, Object>> calls = new java.util.ArrayList<>(calls());
    calls.get(0).put("id", "changed");
    ChatMessage m = ChatMessage.assistant("thinking", calls);
    calls.get(0).put("id", "changed again");
    calls.clear();
    assertThat(m.toolCalls()).hasSize(1);
    assertThat(m.toolCalls().get(0)).containsEntry("id", "changed");
    assertThatThrownBy(() -> m.toolCalls().get(0).put("id", "x")).isInstanceOf(UnsupportedOperationException.class);
    ChatMessage p = m.withContent("prefix thinking");
    assertThat(p.content()).isEqualTo("prefix thinking");
    assertThat(p.toolCalls()).isEqualTo(m.toolCalls());
    assertThat(p.role()).isEqualTo("assistant");
    ChatMessage t = new ChatMessage("tool", "r", null, "c0", "bash").withContent("r2");
    assertThat(t.toolCallId()).isEqualTo("c0");
    assertThat(t.name()).isEqualTo("bash");
    // Equal messages (tool calls compared by value) dedupe in maps, as trajectory readers rely on.
    assertThat(ChatMessage.assistant(null, calls())).isEqualTo(ChatMessage.assistant(null, calls()))
        .hasSameHashCodeAs(ChatMessage.assistant(null, calls()));
  }

  @Test
  void openAiClientRendersTheBodyItWouldSend() {
    try (OpenAiClient c = OpenAiClient.create(dev.infermark.settings.Settings.of(java.util.Map.of("model", "m",
        "streaming", "false")), java.net.URI.create("http://127.0.0.1:9"), new dev.infermark.run.Progress())) {
      JsonNode b = Json.parse(new String(c.body(request(List.of(ChatMessage.tool("c0", "x")), null)), StandardCharsets.UTF_8));
      assertThat(b.path("messages").get(0).path("tool_call_id").asString()).isEqualTo("c0");
      assertThat(b.path("model").asString()).isEqualTo("m");
    }
  }
}
