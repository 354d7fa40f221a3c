package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;

class ApiKeyTest {
  @TempDir
  Path dir;

  @Test
  void aKeyFileIsReadTrimmedAndItsKeyIsSent() throws Exception {
    Path file = Files.writeString(dir.resolve("key"), "  sk-from-file-8a7b\n");
    try (FakeOpenAi server = FakeOpenAi.start();
        OpenAiClient client = OpenAiClient.create(Settings.of(Map.of("api-key-file", file.toString(), "model", "m")),
            server.uri(), new Progress())) {
      server.handle((r, c) -> c.respond(200, "application/json", "{\"choices\":[{\"message\":{\"content\":\"ok\"}}]}"));
      RequestRecord r = client.send(InferenceRequest.chat(RequestTags.of("s", "s", 0), List.of(ChatMessage.user("x")), 4));
      assertThat(r.error()).isNull();
      assertThat(server.requests().get(0).headers()).containsEntry("authorization", "Bearer sk-from-file-8a7b");
    }
  }

  @Test
  void theFileBeatsOpenAiKeyAndTheKeySettingBeatsOpenAiKey() throws Exception {
    Path file = Files.writeString(dir.resolve("key"), "sk-file");
    Map<String, String> env = Map.of("OPENAI_API_KEY", "sk-env");
    assertThat(ApiKey.from(Settings.of(Map.of("api-key-file", file.toString())), env).orElseThrow().value()).isEqualTo("sk-file");
    assertThat(ApiKey.from(Settings.of(Map.of("api-key", " sk-setting ")), env).orElseThrow().value()).isEqualTo("sk-setting");
    assertThat(ApiKey.from(Settings.of(Map.of()), env).orElseThrow().value()).isEqualTo("sk-env");
    assertThat(ApiKey.from(Settings.of(Map.of()), Map.of())).isEmpty();
  }

  @Test
  void unusableKeyFilesNameTheSettingButNeverTheirContent() throws Exception {
    Path file = Files.writeString(dir.resolve("key"), "sk-file");
    assertThatThrownBy(() -> ApiKey.from(Settings.of(Map.of("api-key-file", file.toString(), "api-key", "sk-x")), Map.of()))
        .hasMessageContaining("infermark.api-key-file and infermark.api-key are both set").hasMessageNotContaining("sk-");
    assertThatThrownBy(() -> ApiKey.from(Settings.of(Map.of("api-key-file", dir.resolve("missing").toString())), Map.of()))
        .hasMessageContaining("infermark.api-key-file: cannot read").hasMessageContaining("missing");
    Path empty = Files.writeString(dir.resolve("empty"), " \n");
    assertThatThrownBy(() -> ApiKey.from(Settings.of(Map.of("api-key-file", empty.toString())), Map.of()))
        .hasMessageContaining("is empty");
    Path dotenv = Files.writeString(dir.resolve("env"), "OPENAI_API_KEY=sk-secret-1\nOTHER=sk-secret-2\n");
    assertThatThrownBy(() -> ApiKey.from(Settings.of(Map.of("api-key-file", dotenv.toString())), Map.of()))
        .hasMessageContaining("must hold only the key").hasMessageNotContaining("sk-secret");
  }

  @Test
  void redactsTheKeyAsSentAndAsJsonQuotesIt() {
    ApiKey key = ApiKey.from(Settings.of(Map.of("api-key", "sk-a/b\"c")), Map.of()).orElseThrow();
    assertThat(key.redact("raw sk-a/b\"c and json \"sk-a/b\\\"c\" end")).isEqualTo("raw <redacted> and json \"<redacted>\" end");
    assertThat(key.redact((String) null)).isNull();
    RequestError e = key.redact(new RequestError(ErrorKind.CLIENT_ERROR, 401, "Unauthorized", "bad key sk-a/b\"c", "{}"));
    assertThat(e.message()).isEqualTo("bad key <redacted>");
    assertThat(e.body()).isEqualTo("{}");
    assertThat(key).hasToString("<redacted>");
  }

  @Test
  void placeholderKeysAreTooShortToRedact() {
    ApiKey key = ApiKey.from(Settings.of(Map.of("api-key", "x")), Map.of()).orElseThrow();
    assertThat(key.redact("max_tokens exceeds the limit")).isEqualTo("max_tokens exceeds the limit");
  }
}
