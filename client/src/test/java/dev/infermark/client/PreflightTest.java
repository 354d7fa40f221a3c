package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.json.Json;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.protocol.ServedContext;
import dev.infermark.protocol.PreflightException;

/** The preflight against loopback servers that are dead or wrong on purpose. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PreflightTest {
  private static final String MODELS = "{\"object\":\"list\",\"data\":[{\"id\":\"llama-3\",\"object\":\"model\"},"
      + "{\"id\":\"qwen-2\",\"object\":\"model\"}]}";
  private static final String HTML_501 = "<!DOCTYPE html><html><head><title>501 Not Implemented</title></head>"
      + "<body><h1>Not Implemented</h1></body></html>";

  private FakeOpenAi server;

  @BeforeEach
  void start() throws Exception {
    server = FakeOpenAi.start();
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private String preflight(URI uri, Map<String, String> extra) {
    Map<String, String> s = new HashMap<>(Map.of("model", "llama-3", "request-timeout", "10s"));
    s.putAll(extra);
    try (OpenAiClient c = OpenAiClient.create(Settings.of(s), uri, new Progress())) {
      return c.preflight().orElseThrow();
    }
  }

  private static void openAi(FakeOpenAi.Request r, FakeOpenAi.Conn c) throws Exception {
    if (r.path().equals("/v1/models")) {
      c.respond(200, "application/json", MODELS);
    } else {
      c.startStream(200);
      c.data(OpenAiClientTest.delta("content", "Hi"));
      c.data("[DONE]");
      c.endStream();
    }
  }

  @Test
  void aLiveServerServingTheModelPassesWithOneTinyRequestOfTheRunsKind() {
    server.handle(PreflightTest::openAi);
    String line = preflight(server.uri(), Map.of("api-key", "sk-test", "extra-inputs", "ignore_eos:true"));
    assertThat(line).contains(server.uri() + " serves llama-3, qwen-2").contains("a 1-token chat request answered in");
    assertThat(server.requests()).hasSize(2);
    assertThat(server.requests().get(0).method()).isEqualTo("GET");
    FakeOpenAi.Request post = server.requests().get(1);
    assertThat(post.path()).isEqualTo("/v1/chat/completions");
    assertThat(post.headers().get("authorization")).isEqualTo("Bearer sk-test");
    var body = Json.parse(post.body());
    assertThat(body.get("max_completion_tokens").asInt()).isEqualTo(1);
    assertThat(body.get("model").asString()).isEqualTo("llama-3");
    assertThat(body.get("ignore_eos").asBoolean()).isTrue();
  }

  @Test
  void theContextLengthTheModelListAdvertisesForTheRunsModelIsKept() {
    server.handle((r, c) -> {
      if (r.path().equals("/v1/models")) {
        c.respond(200, "application/json", "{\"object\":\"list\",\"data\":[{\"id\":\"llama-3\",\"max_model_len\":32768},"
            + "{\"id\":\"qwen-2\",\"max_model_len\":8192}]}");
      } else {
        openAi(r, c);
      }
    });
    try (OpenAiClient c = OpenAiClient.create(Settings.of(Map.of("model", "llama-3", "request-timeout", "10s")),
        server.uri(), new Progress())) {
      assertThat(c.servedContext()).isEmpty(); // before the preflight
      c.preflight();
      assertThat(c.servedContext()).contains(new ServedContext(server.uri(), 32768)); // llama-3's, not qwen-2's
    }
    server.handle(PreflightTest::openAi); // no max_model_len advertised
    try (OpenAiClient c = OpenAiClient.create(Settings.of(Map.of("model", "llama-3", "request-timeout", "10s")),
        server.uri(), new Progress())) {
      c.preflight();
      assertThat(c.servedContext()).isEmpty();
    }
  }

  @Test
  void nothingListeningNamesTheUrlAndSaysConnectionRefused() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    URI dead = URI.create("http://127.0.0.1:" + port);
    assertThatThrownBy(() -> preflight(dead, Map.of()))
        .isInstanceOf(PreflightException.class)
        .hasMessageContaining("the target http://127.0.0.1:" + port + " cannot be benchmarked")
        .hasMessageContaining("nothing is listening at 127.0.0.1:" + port + " (connection refused)")
        .hasMessageContaining("infermark.preflight=false");
  }

  @Test
  void anHtml501WebServerIsNotAnOpenAiEndpoint() {
    server.handle((r, c) -> c.respond(501, "text/html; charset=utf-8", HTML_501));
    assertThatThrownBy(() -> preflight(server.uri(), Map.of()))
        .isInstanceOf(PreflightException.class)
        .hasMessageContaining("this is not an OpenAI-compatible endpoint")
        .hasMessageContaining("/v1/chat/completions answered HTTP 501 Not Implemented (text/html: \"501 Not Implemented\")");
    assertThat(server.requests()).hasSize(2); // the model list, then one request: never a run's worth
  }

  @Test
  void anHtmlPageInsteadOfTheModelListIsNotAnOpenAiEndpoint() {
    server.handle((r, c) -> c.respond(200, "text/html", "<html><head><title>Welcome to nginx!</title></head></html>"));
    assertThatThrownBy(() -> preflight(server.uri(), Map.of()))
        .hasMessageContaining("not an OpenAI-compatible endpoint: GET " + server.uri() + "/v1/models answered HTTP 200")
        .hasMessageContaining("Welcome to nginx!");
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void aModelNotListedButAnsweredIsAWarningNamingTheServedIdsAndTheRunGoesOn() {
    server.handle(PreflightTest::openAi); // answers whatever model is asked for, as llama.cpp does
    String line = preflight(server.uri(), Map.of("model", "gpt-4o"));
    assertThat(line).startsWith("WARNING " + server.uri() + " lists llama-3, qwen-2 (GET /v1/models), not 'gpt-4o'; "
        + "1-token requests naming it were answered, so the server takes any model name (as llama.cpp does): going on");
    assertThat(server.requests()).hasSize(2);
    assertThat(Json.parse(server.requests().get(1).body()).get("model").asString()).isEqualTo("gpt-4o");
  }

  @Test
  void everyModelTheListLacksIsAskedForByName() {
    server.handle(PreflightTest::openAi);
    String line = preflight(server.uri(), Map.of("model", "llama-3,gpt-4o"));
    assertThat(line).startsWith("WARNING ").contains("not 'gpt-4o'");
    assertThat(server.requests()).hasSize(3);
    assertThat(Json.parse(server.requests().get(1).body()).get("model").asString()).isEqualTo("llama-3");
    assertThat(Json.parse(server.requests().get(2).body()).get("model").asString()).isEqualTo("gpt-4o");
  }

  @Test
  void aModelNotServedFailsWhenTheRequestNamingItFailsAndListsTheServedIds() {
    server.handle((r, c) -> {
      if (r.path().equals("/v1/models")) {
        c.respond(200, "application/json", MODELS);
      } else {
        c.respond(404, "application/json", "{\"error\":{\"message\":\"The model `gpt-4o` does not exist.\","
            + "\"type\":\"NotFoundError\",\"code\":404}}");
      }
    });
    assertThatThrownBy(() -> preflight(server.uri(), Map.of("model", "gpt-4o")))
        .isInstanceOf(PreflightException.class)
        .hasMessageContaining("model 'gpt-4o' is not served there; it serves llama-3, qwen-2, and a 1-token request "
            + "naming 'gpt-4o' failed too: a 1-token chat request to " + server.uri() + "/v1/chat/completions answered "
            + "HTTP 404 Not Found: The model `gpt-4o` does not exist. Set infermark.model to one of them");
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void refusedCredentialsSaySoWithoutEchoingTheKey() {
    server.handle((r, c) -> c.respond(401, "application/json",
        "{\"error\":{\"message\":\"Incorrect API key provided: sk-secret-123\",\"type\":\"invalid_request_error\"}}"));
    assertThatThrownBy(() -> preflight(server.uri(), Map.of("api-key", "sk-secret-123")))
        .hasMessageContaining("the server refused the credentials")
        .hasMessageContaining("HTTP 401: Incorrect API key provided: <redacted>")
        .hasMessageContaining("the API key sent (infermark.api-key-file, infermark.api-key or OPENAI_API_KEY) was refused")
        .hasMessageNotContaining("sk-secret-123");
    assertThatThrownBy(() -> preflight(server.uri(), Map.of()))
        .hasMessageContaining("no API key was sent; set infermark.api-key-file, infermark.api-key or OPENAI_API_KEY");
  }

  @Test
  void aServerWithoutAModelListPassesWhenTheRequestWorks() {
    server.handle((r, c) -> {
      if (r.path().equals("/v1/models")) {
        c.respond(404, "text/plain", "not found");
      } else {
        openAi(r, c);
      }
    });
    assertThat(preflight(server.uri(), Map.of("endpoint-type", "completions", "streaming", "false")))
        .contains("has no model list (GET /v1/models answered HTTP 404), so the model names were not checked")
        .contains("a 1-token completions request");
    assertThat(server.requests().get(1).path()).isEqualTo("/v1/completions");
  }

  @Test
  void anOpenAiErrorForTheRequestIsShown() {
    server.handle((r, c) -> {
      if (r.path().equals("/v1/models")) {
        c.respond(200, "application/json", MODELS);
      } else {
        c.respond(400, "application/json", "{\"error\":{\"message\":\"unknown field 'foo'\"}}");
      }
    });
    assertThatThrownBy(() -> preflight(server.uri(), Map.of()))
        .hasMessageContaining("a 1-token chat request to " + server.uri() + "/v1/chat/completions answered HTTP 400: unknown field 'foo'");
  }
}
