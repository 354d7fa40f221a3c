package dev.infermark.simulator;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/** A small loopback client for the tests: posts a body and splits a server-sent-event stream. */
final class TestClient implements AutoCloseable {
  /** One response: status, X-Request-ID, raw body and the {@code data:} payloads of an event stream. */
  record Reply(int status, String requestId, String body, List<String> events) {
    JsonNode json() {
      return Json.parse(body);
    }

    /** Parsed {@code data:} payloads except {@code [DONE]}. */
    List<JsonNode> chunks() {
      List<JsonNode> out = new ArrayList<>();
      for (String e : events) {
        if (!e.equals("[DONE]")) {
          out.add(Json.parse(e));
        }
      }
      return out;
    }

    boolean done() {
      return !events.isEmpty() && events.get(events.size() - 1).equals("[DONE]");
    }
  }

  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).executor(Executors.newVirtualThreadPerTaskExecutor()).build();
  private final URI base;

  TestClient(URI base) {
    this.base = base;
  }

  Reply post(String path, String body, String requestId) throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    if (requestId != null) {
      b.header("X-Request-ID", requestId);
    }
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return reply(r);
  }

  Reply get(String path) throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET()
        .build(), HttpResponse.BodyHandlers.ofString());
    return reply(r);
  }

  private static Reply reply(HttpResponse<String> r) {
    List<String> events = new ArrayList<>();
    if (r.headers().firstValue("content-type").orElse("").startsWith("text/event-stream")) {
      for (String block : r.body().split("\n\n")) {
        if (block.startsWith("data: ")) {
          events.add(block.substring(6));
        }
      }
    }
    return new Reply(r.statusCode(), r.headers().firstValue("x-request-id").orElse(null), r.body(), events);
  }

  /** A chat body with one user message. */
  static String chat(String content, Integer maxTokens, boolean stream, boolean ignoreEos) {
    var o = Json.object();
    o.put("model", "test-model");
    var m = o.putArray("messages").addObject();
    m.put("role", "user");
    m.put("content", content);
    if (maxTokens != null) {
      o.put("max_completion_tokens", maxTokens);
    }
    o.put("stream", stream);
    if (stream) {
      o.putObject("stream_options").put("include_usage", true);
    }
    if (ignoreEos) {
      o.put("ignore_eos", true);
    }
    return Json.write(o);
  }

  /** {@code n} space-separated words (n tokens for the stand-in tokenizer). */
  static String words(int n, String salt) {
    StringBuilder b = new StringBuilder(n * 6);
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " ").append(salt).append(i);
    }
    return b.toString();
  }

  @Override
  public void close() {
    http.close();
  }
}
