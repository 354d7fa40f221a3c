package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/** The OpenAI-compatible surface over loopback HTTP, with a time scale that keeps it quick. */
class SimulatorHttpTest {
  static Simulator sim;
  static TestClient client;

  @BeforeAll
  static void start() throws Exception {
    sim = Simulator.start(SimulatorConfig.builder().timeScale(0.2).maxModelLen(4096).maxBodyBytes(256 * 1024)
        .seed(7).build());
    client = new TestClient(sim.baseUri());
  }

  @AfterAll
  static void stop() {
    client.close();
    sim.close();
  }

  @Test
  void streamsExactlyMaxTokensWithIgnoreEosInOpenAiChunks() throws Exception {
    var r = client.post("/v1/chat/completions", TestClient.chat(TestClient.words(50, "w"), 37, true, true), "exact-1");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.requestId()).isEqualTo("exact-1");
    assertThat(r.done()).isTrue();
    List<JsonNode> chunks = r.chunks();
    List<JsonNode> content = chunks.stream().filter(c -> c.path("choices").size() == 1
        && !c.path("choices").get(0).path("delta").path("content").asString("").isEmpty()).toList();
    assertThat(content).hasSize(37);
    assertThat(chunks.get(0).path("object").asString()).isEqualTo("chat.completion.chunk");
    assertThat(chunks.get(0).path("choices").get(0).path("delta").path("role").asString()).isEqualTo("assistant");
    JsonNode last = content.get(36).path("choices").get(0);
    assertThat(last.path("finish_reason").asString()).isEqualTo("length");
    assertThat(content.get(0).path("choices").get(0).path("finish_reason").isNull()).isTrue();
    JsonNode usage = chunks.get(chunks.size() - 1);
    assertThat(usage.path("choices").size()).isZero();
    assertThat(usage.path("usage").path("completion_tokens").asInt()).isEqualTo(37);
    // 50 words + 4 template tokens for the user message + 4 opening the assistant turn
    assertThat(usage.path("usage").path("prompt_tokens").asInt()).isEqualTo(58);
    assertThat(usage.path("usage").path("total_tokens").asInt()).isEqualTo(95);
    assertThat(usage.path("usage").path("prompt_tokens_details").path("cached_tokens").asInt()).isZero();

    GroundTruth gt = sim.groundTruth("exact-1").orElseThrow();
    assertThat(gt.outputTokens()).isEqualTo(37);
    assertThat(gt.chunkSendNs()).hasSize(37);
    assertThat(gt.promptTokens()).isEqualTo(58);
    assertThat(gt.finishReason()).isEqualTo("length");
    assertThat(gt.fault()).isNull();
    assertThat(gt.firstTokenSendNs().getAsLong()).isGreaterThan(gt.arrivalNs());
    for (int i = 0; i < 37; i++) {
      assertThat(gt.chunkSendNs()[i]).isGreaterThanOrEqualTo(gt.chunkScheduledNs()[i]);
      if (i > 0) {
        assertThat(gt.chunkScheduledNs()[i]).isGreaterThan(gt.chunkScheduledNs()[i - 1]);
      }
    }
    assertThat(gt.endSendNs()).isGreaterThanOrEqualTo(gt.chunkSendNs()[36]);
  }

  @Test
  void groundTruthIsServedOverHttpByRequestId() throws Exception {
    client.post("/v1/chat/completions", TestClient.chat("hello there", 5, true, true), "gt-http");
    var r = client.get("/ground-truth/gt-http");
    assertThat(r.status()).isEqualTo(200);
    JsonNode j = r.json();
    GroundTruth gt = sim.groundTruth("gt-http").orElseThrow();
    assertThat(j.path("arrival_ns").asLong()).isEqualTo(gt.arrivalNs());
    assertThat(j.path("first_token_send_ns").asLong()).isEqualTo(gt.chunkSendNs()[0]);
    assertThat(j.path("chunk_send_ns").size()).isEqualTo(5);
    assertThat(j.path("output_tokens").asInt()).isEqualTo(5);
    assertThat(j.has("fault")).isFalse();
    assertThat(client.get("/ground-truth/never-sent").status()).isEqualTo(404);
  }

  @Test
  void aRepeatedPrefixHitsTheCacheInWholeBlocks() throws Exception {
    String shared = TestClient.words(200, "p");
    var first = client.post("/v1/chat/completions", TestClient.chat(shared + " first tail", 3, true, true), "pc-1");
    var second = client.post("/v1/chat/completions", TestClient.chat(shared + " second tail", 3, true, true), "pc-2");
    int cached1 = usage(first).path("prompt_tokens_details").path("cached_tokens").asInt();
    int cached2 = usage(second).path("prompt_tokens_details").path("cached_tokens").asInt();
    assertThat(cached1).isZero();
    // 4 template tokens + 200 shared words = 204 tokens in common: 12 full blocks of 16
    assertThat(cached2).isEqualTo(192);
    assertThat(sim.groundTruth("pc-2").orElseThrow().cachedTokens()).isEqualTo(192);
    assertThat(sim.metricsText()).containsPattern("vllm:prefix_cache_hits_total\\{[^}]*} [1-9]");
  }

  @Test
  void aMultiTurnConversationHitsTheCacheOnTheEarlierTurnsIncludingTheAnswer() throws Exception {
    var t1 = client.post("/v1/chat/completions", TestClient.chat(TestClient.words(100, "mt"), 40, false, true), "mt-1");
    String answer = t1.json().path("choices").get(0).path("message").path("content").asString();
    var o = Json.object();
    var msgs = o.putArray("messages");
    msgs.addObject().put("role", "user").put("content", TestClient.words(100, "mt"));
    msgs.addObject().put("role", "assistant").put("content", answer);
    msgs.addObject().put("role", "user").put("content", "and then");
    o.put("max_tokens", 2);
    var t2 = client.post("/v1/chat/completions", Json.write(o), "mt-2");
    int prompt2 = t2.json().path("usage").path("prompt_tokens").asInt();
    int cached2 = t2.json().path("usage").path("prompt_tokens_details").path("cached_tokens").asInt();
    assertThat(prompt2).isEqualTo(4 + 100 + 4 + 40 + 4 + 2 + 4);
    // turn 1 held 4 + 100 + 4 prompt tokens and 40 generated ones: 148 tokens, 9 full blocks
    assertThat(cached2).isEqualTo(144);
  }

  @Test
  void nonStreamingChatReturnsTheWholeMessageAndUsage() throws Exception {
    var r = client.post("/v1/chat/completions", TestClient.chat("one two three", 12, false, true), null);
    assertThat(r.status()).isEqualTo(200);
    JsonNode j = r.json();
    assertThat(j.path("object").asString()).isEqualTo("chat.completion");
    String content = j.path("choices").get(0).path("message").path("content").asString();
    assertThat(content.trim().split("\\s+")).hasSize(12);
    assertThat(j.path("usage").path("completion_tokens").asInt()).isEqualTo(12);
    assertThat(j.path("choices").get(0).path("finish_reason").asString()).isEqualTo("length");
    assertThat(r.requestId()).startsWith("sim-");
  }

  @Test
  void completionsEndpointStreamsTextCompletionChunks() throws Exception {
    var o = Json.object();
    o.put("model", "m");
    o.put("prompt", "a b c d");
    o.put("max_tokens", 6);
    o.put("ignore_eos", true);
    o.put("stream", true);
    var r = client.post("/v1/completions", Json.write(o), "cmpl-1");
    List<JsonNode> chunks = r.chunks();
    assertThat(chunks).hasSize(6);
    assertThat(chunks.get(0).path("object").asString()).isEqualTo("text_completion");
    assertThat(chunks.get(5).path("choices").get(0).path("finish_reason").asString()).isEqualTo("length");
    assertThat(r.done()).isTrue();
    assertThat(sim.groundTruth("cmpl-1").orElseThrow().promptTokens()).isEqualTo(4);
  }

  @Test
  void withoutIgnoreEosTheLengthIsASeededStopCappedByMaxTokens() throws Exception {
    var o = Json.object();
    o.put("prompt", "x y");
    o.put("max_tokens", 100000 > 4000 ? 3000 : 0);
    o.put("seed", 42);
    var a = client.post("/v1/completions", Json.write(o), null).json();
    var b = client.post("/v1/completions", Json.write(o), null).json();
    int n = a.path("usage").path("completion_tokens").asInt();
    assertThat(n).isEqualTo(b.path("usage").path("completion_tokens").asInt()).isBetween(1, 3000);
    assertThat(a.path("choices").get(0).path("finish_reason").asString()).isEqualTo(n == 3000 ? "length" : "stop");
  }

  @Test
  void minTokensKeepsTheSeededStopFromEndingTheOutputEarlier() throws Exception {
    // the seed whose stop without a floor is short: min_tokens lifts it to the floor, max_tokens still caps
    for (int seed = 1; seed <= 20; seed++) {
      var o = Json.object();
      o.put("prompt", "x y");
      o.put("max_tokens", 3000);
      o.put("seed", seed);
      int free = client.post("/v1/completions", Json.write(o), null).json().path("usage").path("completion_tokens").asInt();
      o.put("min_tokens", 300);
      var floored = client.post("/v1/completions", Json.write(o), null).json();
      assertThat(floored.path("usage").path("completion_tokens").asInt()).as("seed " + seed).isEqualTo(Math.max(300, free));
    }
    var o = Json.object();
    o.put("prompt", "x y");
    o.put("max_tokens", 8);
    o.put("min_tokens", 9);
    var bad = client.post("/v1/completions", Json.write(o), null);
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.json().path("error").path("message").asString()).contains("min_tokens");
  }

  @Test
  void overflowIsRejectedWithVllmWording() throws Exception {
    var r = client.post("/v1/chat/completions", TestClient.chat(TestClient.words(5000, "o"), 10, true, true), "of-1");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().path("error").path("message").asString()).isEqualTo(
        "This model's maximum context length is 4096 tokens. However, your request has 5008 input tokens. "
            + "Please reduce the length of the input messages.");
    assertThat(r.json().path("error").path("type").asString()).isEqualTo("BadRequestError");
    assertThat(r.json().path("error").path("code").asInt()).isEqualTo(400);
    assertThat(sim.groundTruth("of-1").orElseThrow().httpStatus()).isEqualTo(400);

    var tooMany = client.post("/v1/chat/completions", TestClient.chat("a b", 5000, false, false), null);
    assertThat(tooMany.status()).isEqualTo(400);
    assertThat(tooMany.json().path("error").path("message").asString()).isEqualTo(
        "'max_tokens' or 'max_completion_tokens' is too large: 5000. This model's maximum context length is 4096 "
            + "tokens and your request has 10 input tokens (5000 > 4096 - 10).");
  }

  @Test
  void overflowCanUseLlamaCppWording() throws Exception {
    try (Simulator s = Simulator.start(SimulatorConfig.builder().maxModelLen(100).overflowStyle(OverflowStyle.LLAMACPP)
        .timeScale(0.2).build()); TestClient c = new TestClient(s.baseUri())) {
      var r = c.post("/v1/chat/completions", TestClient.chat(TestClient.words(120, "o"), 10, false, false), null);
      assertThat(r.status()).isEqualTo(400);
      JsonNode e = r.json().path("error");
      assertThat(e.path("type").asString()).isEqualTo("exceed_context_size_error");
      assertThat(e.path("message").asString())
          .isEqualTo("request (128 tokens) exceeds the available context size (100 tokens), try increasing it");
      assertThat(e.path("n_prompt_tokens").asInt()).isEqualTo(128);
      assertThat(e.path("n_ctx").asInt()).isEqualTo(100);
    }
  }

  @Test
  void malformedJsonIsA400WithAnOpenAiErrorObject() throws Exception {
    var r = client.post("/v1/chat/completions", "{\"messages\": [", null);
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().path("error").path("message").asString()).startsWith("malformed JSON body");
    var wrongType = client.post("/v1/chat/completions", "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],"
        + "\"max_tokens\":\"ten\"}", null);
    assertThat(wrongType.status()).isEqualTo(400);
    assertThat(wrongType.json().path("error").path("message").asString()).contains("max_tokens");
    // the connection is still usable afterwards
    assertThat(client.get("/health").status()).isEqualTo(200);
  }

  @Test
  void bodiesOverTheLimitGet413() throws Exception {
    var r = client.post("/v1/chat/completions", TestClient.chat(TestClient.words(60_000, "big"), 1, false, false), null);
    assertThat(r.status()).isEqualTo(413);
    assertThat(r.json().path("error").path("message").asString()).contains("simulator-max-request-body-mb");
  }

  @Test
  void modelsHealthAndUnknownRoutes() throws Exception {
    var models = client.get("/v1/models");
    assertThat(models.status()).isEqualTo(200);
    assertThat(models.json().path("data").get(0).path("id").asString()).isEqualTo("infermark-sim");
    assertThat(client.get("/health").status()).isEqualTo(200);
    assertThat(client.get("/nope").status()).isEqualTo(404);
    assertThat(client.get("/v1/chat/completions").status()).isEqualTo(405);
  }

  @Test
  void aReasoningFractionSendsTheFirstTokensAsReasoningContent() throws Exception {
    try (Simulator s = Simulator.start(SimulatorConfig.builder().reasoningFraction(0.5).timeScale(0.2).build());
        TestClient c = new TestClient(s.baseUri())) {
      var r = c.post("/v1/chat/completions", TestClient.chat("think", 10, true, true), "rs");
      long reasoning = r.chunks().stream().filter(j -> j.path("choices").size() == 1
          && j.path("choices").get(0).path("delta").has("reasoning_content")).count();
      assertThat(reasoning).isEqualTo(5);
      JsonNode usage = r.chunks().get(r.chunks().size() - 1).path("usage");
      assertThat(usage.path("completion_tokens").asInt()).isEqualTo(10);
      assertThat(usage.path("completion_tokens_details").path("reasoning_tokens").asInt()).isEqualTo(5);
    }
  }

  @Test
  void aPromptOfSeveralMegabytesIsStreamParsed() throws Exception {
    try (Simulator s = Simulator.start(SimulatorConfig.builder().maxModelLen(400_000).timeScale(0.01).build());
        TestClient c = new TestClient(s.baseUri())) {
      String prompt = TestClient.words(300_000, "x");
      assertThat(prompt.length()).isGreaterThan(2_000_000);
      var r = c.post("/v1/chat/completions", TestClient.chat(prompt, 3, true, true), "huge");
      assertThat(r.status()).isEqualTo(200);
      assertThat(usage(r).path("prompt_tokens").asInt()).isEqualTo(300_008);
      assertThat(s.groundTruth("huge").orElseThrow().outputTokens()).isEqualTo(3);
    }
  }

  @Test
  void groundTruthKeepsOnlyTheMostRecentRequests() throws Exception {
    try (Simulator s = Simulator.start(SimulatorConfig.builder().groundTruthCapacity(2).timeScale(0.2).build());
        TestClient c = new TestClient(s.baseUri())) {
      for (String id : new String[] {"a", "b", "c"}) {
        c.post("/v1/chat/completions", TestClient.chat("hi", 2, true, true), id);
      }
      assertThat(s.groundTruth("a")).isEmpty();
      assertThat(s.groundTruth("b")).isPresent();
      assertThat(s.groundTruth("c")).isPresent();
    }
  }

  private static JsonNode usage(TestClient.Reply r) {
    List<JsonNode> c = r.chunks();
    return c.get(c.size() - 1).path("usage");
  }
}
