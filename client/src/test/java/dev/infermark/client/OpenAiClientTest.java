package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.json.Json;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.WordTokenizer;
import tools.jackson.databind.JsonNode;

/** The client's behaviour, the same on every transport, over plain HTTP and TLS. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ParameterizedClass(name = "{0} tls={1}")
@CsvSource({"netty,false", "jdk,false", "netty,true", "jdk,true"})
class OpenAiClientTest {
  @Parameter(0)
  String transport;
  @Parameter(1)
  boolean tls;

  private FakeOpenAi server;
  private OpenAiClient client;
  private Progress progress;

  @BeforeEach
  void start() throws Exception {
    server = tls ? FakeOpenAi.startTls(TestTls.get().serverContext) : FakeOpenAi.start();
    progress = new Progress();
    client = client(Map.of());
  }

  /** The settings every client of this test class gets: the transport, and the test CA for TLS. */
  Map<String, String> base() throws Exception {
    Map<String, String> s = new HashMap<>(Map.of("transport", transport));
    if (tls) {
      s.put("tls-ca", TestTls.get().caPem.toString());
    }
    return s;
  }

  @AfterEach
  void stop() throws Exception {
    client.close();
    server.close();
  }

  private OpenAiClient client(Map<String, String> extra) throws Exception {
    Map<String, String> s = new HashMap<>(Map.of("model", "test-model", "request-timeout", "10s"));
    s.putAll(base());
    s.putAll(extra);
    return OpenAiClient.create(Settings.of(s), server.uri(), progress);
  }

  static String delta(String field, String value) {
    return "{\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"" + field + "\":"
        + Json.write(value) + "},\"finish_reason\":null}]}";
  }

  static final String DONE = "[DONE]";

  private static void goodStream(FakeOpenAi.Request r, FakeOpenAi.Conn c) throws Exception {
    c.startStream(200);
    c.data(delta("content", "Hi"));
    c.data(delta("content", " there"));
    c.data(DONE);
    c.endStream();
  }

  private static InferenceRequest chat(String text) {
    return InferenceRequest.chat(RequestTags.of("conv-1", "corr-1", 0), List.of(ChatMessage.user(text)), 16);
  }

  /** After a broken case the client must still work. */
  private void assertNextRequestWorks() {
    server.handle(OpenAiClientTest::goodStream);
    RequestRecord next = client.send(chat("again"));
    assertThat(next.error()).isNull();
    assertThat(next.contentChunkNs()).hasSize(2);
  }

  @Test
  void streamsContentReasoningToolCallsAndUsage() {
    server.handle((r, c) -> {
      c.startStream(200);
      c.data("{\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}");
      c.data(delta("reasoning_content", "think"));
      c.data(delta("content", "Hel"));
      c.data(delta("content", ""));
      c.data(delta("reasoning", "more"));
      c.data("{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}}]}");
      c.data("{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],\"timings\":{\"prompt_n\":7,\"predicted_n\":5}}");
      c.data("{\"choices\":[],\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":5,"
          + "\"completion_tokens_details\":{\"reasoning_tokens\":2},\"prompt_tokens_details\":{\"cached_tokens\":3}}}");
      c.data(DONE);
      c.endStream();
    });
    RequestRecord r = client.send(chat("hello").withKeepText(true));

    assertThat(r.error()).isNull();
    assertThat(r.httpStatus()).isEqualTo(200);
    // role chunk, empty content, finish and usage chunks carry no content
    assertThat(r.contentChunkNs()).hasSize(4);
    assertThat(r.contentChunkNs()).isSorted();
    assertThat(r.ackNs()).isGreaterThan(r.startNs());
    assertThat(r.contentChunkNs()[0]).isGreaterThanOrEqualTo(r.ackNs());
    assertThat(r.endNs()).isGreaterThanOrEqualTo(r.contentChunkNs()[3]);
    assertThat(r.inputTokens()).isEqualTo(7);
    assertThat(r.outputTokens()).isEqualTo(3);
    assertThat(r.reasoningTokens()).isEqualTo(2);
    assertThat(r.cachedTokens()).isEqualTo(3);
    assertThat(r.finishReason()).isEqualTo("stop");
    assertThat(r.text()).startsWith("Hel").contains("\"name\":\"f\"");
    assertThat(r.reasoningText()).isEqualTo("thinkmore");
    assertThat(r.startEpochMicros()).isGreaterThan(1_600_000_000_000_000L);
    assertThat(progress.sent()).isEqualTo(1);
    assertThat(progress.returned()).isEqualTo(1);
    assertThat(progress.errors()).isZero();
  }

  @Test
  void messagesInOneReadShareOneTimestamp() {
    server.handle((r, c) -> {
      c.startStream(200);
      c.chunk("data: " + delta("content", "a") + "\n\ndata: " + delta("content", "b") + "\n\n");
      // a message split across HTTP chunks (SseDecoderTest checks its stamp exactly)
      String third = "data: " + delta("content", "c") + "\n\n";
      c.chunk(third.substring(0, 10));
      c.chunk(third.substring(10) + "data: [DONE]\n\n");
      c.endStream();
    });
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error()).isNull();
    long[] t = r.contentChunkNs();
    assertThat(t).hasSize(3);
    assertThat(t[0]).isEqualTo(t[1]);
    // later HTTP chunks may arrive in the same network read, and then share its time
    assertThat(t[2]).isGreaterThanOrEqualTo(t[1]);
  }

  @Test
  void sendsBodyInSpecKeyOrderAndHeaders() throws Exception {
    client.close();
    client = client(Map.of("api-key", "sk-test-123", "extra-inputs", "{\"ignore_eos\":true,\"top_k\":20}",
        "session-headers", "x-session-id,dynamo,smg"));
    server.handle(OpenAiClientTest::goodStream);
    RequestTags tags = new RequestTags("trace-9", "corr-9", 2, "root-1", "parent-1", 3, 1, Map.of());
    StringBuilder big = new StringBuilder("a ").append("b".repeat(10_000));
    InferenceRequest req = new InferenceRequest(Phase.PROFILING, tags, List.of(ChatMessage.system("sys"), ChatMessage.user(big)),
        null, null, 64, Json.plainObject(Json.parse("{\"top_k\":5,\"seed\":1}")), false, -1);
    List<byte[]> seen = new ArrayList<>();
    client.bodyListener((q, id, body) -> seen.add(body));
    RequestRecord r = client.send(req);

    assertThat(r.error()).isNull();
    FakeOpenAi.Request got = server.requests().get(0);
    assertThat(got.path()).isEqualTo("/v1/chat/completions");
    JsonNode body = Json.parse(got.body());
    List<String> keys = new ArrayList<>();
    body.properties().forEach(e -> keys.add(e.getKey()));
    assertThat(keys).containsExactly("messages", "model", "stream", "max_completion_tokens", "ignore_eos", "top_k", "seed",
        "stream_options");
    assertThat(body.get("top_k").intValue()).isEqualTo(5);
    assertThat(body.get("messages").get(1).get("content").stringValue()).isEqualTo(big.toString());
    assertThat(body.get("model").stringValue()).isEqualTo("test-model");
    assertThat(body.get("stream_options").get("include_usage").booleanValue()).isTrue();
    assertThat(new String(seen.get(0), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(got.body());
    assertThat(got.headers().get("authorization")).isEqualTo("Bearer sk-test-123");
    assertThat(got.headers().get("x-request-id")).isEqualTo(r.requestId());
    assertThat(UUID.fromString(r.requestId()).version()).isEqualTo(4);
    assertThat(got.headers().get("x-correlation-id")).isEqualTo("corr-9");
    assertThat(got.headers().get("x-session-id")).isEqualTo("corr-9");
    assertThat(got.headers().get("x-dynamo-session-id")).isEqualTo("corr-9");
    assertThat(got.headers().get("x-dynamo-parent-session-id")).isEqualTo("parent-1");
    assertThat(got.headers().get("x-smg-routing-key")).isEqualTo("corr-9");
    assertThat(client.stats().poolWaitNs().getTotalCount()).isEqualTo(1);
  }

  @Test
  void completionsEndpointWithLegacyMaxTokensAndClientTokenCounts() throws Exception {
    client.close();
    client = client(Map.of("endpoint-type", "completions", "use-server-token-count", "false", "streaming", "true"));
    client.tokenizer(WordTokenizer.instance());
    server.handle((r, c) -> {
      c.startStream(200);
      c.data("{\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"one two\"}]}");
      c.data("{\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\" three\",\"finish_reason\":\"length\"}]}");
      c.data(DONE);
      c.endStream();
    });
    InferenceRequest req = new InferenceRequest(Phase.PROFILING, RequestTags.of("c", "c", 0), List.of(), "alpha beta gamma",
        null, 3, null, false, -1);
    RequestRecord r = client.send(req);
    assertThat(r.error()).isNull();
    FakeOpenAi.Request got = server.requests().get(0);
    assertThat(got.path()).isEqualTo("/v1/completions");
    JsonNode body = Json.parse(got.body());
    assertThat(body.get("prompt").stringValue()).isEqualTo("alpha beta gamma");
    assertThat(body.get("max_tokens").intValue()).isEqualTo(3);
    assertThat(body.has("stream_options")).isFalse();
    assertThat(r.contentChunkNs()).hasSize(2);
    assertThat(r.inputTokens()).isEqualTo(WordTokenizer.instance().count("alpha beta gamma"));
    assertThat(r.outputTokens()).isEqualTo(WordTokenizer.instance().count("one two three"));
    assertThat(r.text()).isNull(); // counted, not kept: the request did not ask for it
    assertThat(r.finishReason()).isEqualTo("length");
  }

  @Test
  void resetMidStreamIsRecordedWithWhatArrived() {
    server.handle((r, c) -> {
      c.startStream(200);
      c.data(delta("content", "partial"));
      c.reset();
    });
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error()).isNotNull();
    assertThat(r.error().kind()).isEqualTo(ErrorKind.CONNECTION_RESET);
    // Linux drops unread received data when the RST arrives, so the chunk may or may not survive
    assertThat(r.contentChunkNs().length).isLessThanOrEqualTo(1);
    assertThat(progress.errors()).isEqualTo(1);
    assertNextRequestWorks();
  }

  @Test
  void malformedChunkFailsTheRequest() {
    server.handle((r, c) -> {
      c.startStream(200);
      c.data(delta("content", "ok"));
      c.data("{\"choices\": [not json");
      c.data(delta("content", "more"));
      c.data(DONE);
      c.endStream();
    });
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.PROTOCOL_ERROR);
    assertThat(r.error().type()).isEqualTo("InvalidJSON");
    assertThat(r.error().message()).contains("not json");
    assertNextRequestWorks();
  }

  @Test
  void streamWithoutDoneFailsButKeepsContent() {
    server.handle((r, c) -> {
      c.startStream(200);
      c.data(delta("content", "a"));
      c.data(delta("content", "b"));
      c.endStream();
    });
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.PROTOCOL_ERROR);
    assertThat(r.error().message()).contains("[DONE]");
    assertThat(r.contentChunkNs()).hasSize(2);
    assertNextRequestWorks();
  }

  @Test
  void doneEndsTheRequestWhenTheServerKeepsTheConnectionOpen() throws Exception {
    client.close();
    // the timeout the request would run into if it waited for the end of the response
    client = client(Map.of("request-timeout", "5s"));
    // the first such response is given a moment to end; later ones lose their connection at [DONE] at once
    for (int i = 0; i < 2; i++) {
      CountDownLatch clientLetGo = new CountDownLatch(1);
      server.handle((r, c) -> {
        c.startStream(200);
        c.data(delta("content", "a"));
        c.data(DONE);
        // a proxy that neither ends the chunked body nor closes: wait until the client drops the connection
        try {
          c.awaitClient();
        } finally {
          clientLetGo.countDown();
        }
      });
      RequestRecord r = client.send(chat("x"));
      assertThat(r.error()).isNull();
      assertThat(r.contentChunkNs()).hasSize(1);
      assertThat(r.endNs()).isGreaterThanOrEqualTo(r.contentChunkNs()[0]);
      assertThat(progress.inFlight()).isZero();
      // the held connection is closed, not leaked
      assertThat(clientLetGo.await(10, TimeUnit.SECONDS)).isTrue();
    }
    assertNextRequestWorks();
  }

  @Test
  void aResponseThatEndsAfterDoneKeepsItsConnectionForTheNextRequest() {
    server.handle(OpenAiClientTest::goodStream);
    for (int i = 0; i < 20; i++) {
      assertThat(client.send(chat("x")).error()).isNull();
    }
    assertThat(server.connections()).isEqualTo(1);
  }

  @ParameterizedTest
  @CsvSource({"429,RATE_LIMITED", "500,SERVER_ERROR", "503,SERVER_ERROR", "404,CLIENT_ERROR"})
  void httpErrorsAreClassified(int status, ErrorKind kind) {
    server.handle((r, c) -> c.respond(status, "application/json",
        "{\"error\":{\"message\":\"nope " + status + "\",\"type\":\"x\",\"code\":" + status + "}}"));
    RequestRecord r = client.send(chat("x"));
    assertThat(r.httpStatus()).isEqualTo(status);
    assertThat(r.error().kind()).isEqualTo(kind);
    assertThat(r.error().code()).isEqualTo(status);
    assertThat(r.error().message()).isEqualTo("nope " + status);
    assertThat(r.error().body()).contains("nope " + status);
    assertNextRequestWorks();
  }

  @Test
  void llamaCppContextOverflowIsRecognisedEvenWhenStreaming() {
    server.handle((r, c) -> c.respond(400, "application/json",
        "{\"error\":{\"code\":400,\"message\":\"request (9000 tokens) exceeds the available context size (8192 tokens), try increasing it\","
            + "\"type\":\"exceed_context_size_error\",\"n_prompt_tokens\":9000,\"n_ctx\":8192}}"));
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
    assertThat(r.error().type()).isEqualTo("Bad Request");
    assertThat(r.error().message()).startsWith("request (9000 tokens)");
    assertNextRequestWorks();
  }

  @Test
  void errorObjectsInsideTheStream() {
    server.handle((r, c) -> {
      c.startStream(200);
      c.data(delta("content", "a"));
      c.data("{\"error\":{\"message\":\"This model's maximum context length is 4096 tokens\",\"code\":400}}");
      c.data(DONE);
      c.endStream();
    });
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.CONTEXT_OVERFLOW);
    assertThat(r.error().code()).isEqualTo(400);
    assertThat(r.error().type()).isEqualTo("SSEError");

    server.handle((q, c) -> {
      c.startStream(200);
      c.chunk("event: error\ndata: engine died\n\n");
      c.endStream();
    });
    RequestRecord e = client.send(chat("x"));
    assertThat(e.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR);
    assertThat(e.error().code()).isEqualTo(502);
    assertThat(e.error().message()).isEqualTo("engine died");
    assertNextRequestWorks();
  }

  @Test
  void slowHeadersTimeOut() throws Exception {
    client.close();
    // long enough for the next request's new connection (a TLS handshake) on a loaded machine
    client = client(Map.of("request-timeout", "2s"));
    server.handle((r, c) -> c.stall());
    long t0 = System.nanoTime();
    RequestRecord r = client.send(chat("x"));
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertThat(r.error().kind()).isEqualTo(ErrorKind.TIMEOUT);
    assertThat(r.httpStatus()).isZero();
    // generous upper bound: the shared machine is noisy, but 2 s must not become the 10 s default
    assertThat(tookMs).isBetween(1_900L, 9_000L);
    assertNextRequestWorks();
  }

  @Test
  void requestTimeoutCoversTheWholeStream() throws Exception {
    client.close();
    // long enough for the first chunk to arrive even on a loaded machine
    client = client(Map.of("request-timeout", "2s"));
    server.handle((r, c) -> {
      c.startStream(200);
      c.data(delta("content", "a"));
      c.stall();
    });
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.TIMEOUT);
    assertThat(r.httpStatus()).isEqualTo(200);
    assertThat(r.contentChunkNs()).hasSize(1);
    assertNextRequestWorks();
  }

  @Test
  void hugeErrorBodyIsBounded() {
    byte[] huge = new byte[5 << 20];
    java.util.Arrays.fill(huge, (byte) 'x');
    server.handle((r, c) -> c.respond(500, "text/plain", huge));
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.SERVER_ERROR);
    assertThat(r.error().body().length()).isLessThan(OpenAiClient.MAX_ERROR_BODY + 100);
    assertThat(r.error().message().length()).isLessThanOrEqualTo(503);
    assertNextRequestWorks();
  }

  @Test
  void malformedChunkedEncodingIsABrokenConnectionWithWhatArrived() {
    server.handle((r, c) -> {
      c.startStream(200);
      c.data(delta("content", "ok"));
      c.write("zz\r\ndata: x\n\n\r\n"); // not a hex chunk size
      c.awaitClient(); // until the client drops the connection
    });
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.CONNECTION_RESET);
    assertThat(r.httpStatus()).isEqualTo(200);
    // the JDK HttpClient drops the decoded bytes of a read its chunk parser fails in; netty keeps them
    assertThat(r.contentChunkNs().length).isLessThanOrEqualTo(1);
    assertNextRequestWorks();
  }

  @Test
  void aBodyWithoutLengthEndsWhenTheServerCloses() throws Exception {
    client.close();
    client = client(Map.of("streaming", "false"));
    server.handle((r, c) -> {
      c.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n"
          + "{\"choices\":[{\"index\":0,\"message\":{\"content\":\"whole\"},\"finish_reason\":\"stop\"}]}");
      c.close();
    });
    RequestRecord r = client.send(chat("x").withKeepText(true));
    assertThat(r.error()).isNull();
    assertThat(r.text()).isEqualTo("whole");
    assertNextRequestWorks();
  }

  /** A request handed over before its due instant (a scheduler preparing ahead) leaves at that instant. */
  @Test
  void aRequestHandedOverBeforeItsDueInstantLeavesAtIt() {
    server.handle(OpenAiClientTest::goodStream);
    long due = System.nanoTime() + 200_000_000L;
    RequestRecord r = client.send(chat("x").withDueNs(due));
    assertThat(r.error()).isNull();
    assertThat(r.dueNs()).isEqualTo(due);
    assertThat(r.startNs()).isGreaterThanOrEqualTo(due);
  }

  /**
   * It leaves from the client's timer thread, not from its sending virtual thread: with every
   * carrier of the virtual-thread scheduler busy from before its due instant until 2 s after it, it
   * still leaves at the instant (woken on a carrier, it would have left after the busy spell).
   */
  @Test
  void aRequestLeavesAtItsDueInstantWhileEveryCarrierIsBusy() throws Exception {
    server.handle(OpenAiClientTest::goodStream);
    long due = System.nanoTime() + 300_000_000L;
    AtomicReference<RequestRecord> out = new AtomicReference<>();
    CountDownLatch written = new CountDownLatch(1);
    client.bodyListener((req, id, body) -> written.countDown());
    Thread sender = Thread.ofVirtual().start(() -> out.set(client.send(chat("x").withDueNs(due))));
    // Its body is written; it runs on until it waits for its instant (a virtual thread is not preempted).
    assertThat(written.await(10, TimeUnit.SECONDS)).isTrue();
    long busyUntil = due + 2_000_000_000L;
    int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    List<Thread> busy = new ArrayList<>();
    for (int i = 0; i < carriers; i++) {
      busy.add(Thread.ofVirtual().start(() -> {
        while (System.nanoTime() < busyUntil) {
          Thread.onSpinWait();
        }
      }));
    }
    sender.join();
    for (Thread t : busy) {
      t.join();
    }
    RequestRecord r = out.get();
    assertThat(r.error()).isNull();
    assertThat(r.startNs()).isGreaterThanOrEqualTo(due);
    assertThat(r.startNs() - due).isLessThan(1_000_000_000L);
  }

  /** Cancelled while it waits for its due instant: a cancelled record, and nothing left to send. */
  @Test
  void aRequestCancelledBeforeItsDueInstantNeverLeaves() throws Exception {
    server.handle(OpenAiClientTest::goodStream);
    AtomicReference<RequestRecord> out = new AtomicReference<>();
    Thread sender = Thread.ofVirtual().start(() -> out.set(client.send(chat("x").withDueNs(System.nanoTime() + 60_000_000_000L))));
    while (client.inFlight().isEmpty()) {
      Thread.onSpinWait();
    }
    client.cancelInFlight();
    sender.join();
    RequestRecord r = out.get();
    assertThat(r.error().kind()).isEqualTo(ErrorKind.CANCELLED);
    assertThat(r.error().message()).isEqualTo("cancelled before its due instant");
    assertThat(r.startNs()).isPositive();
    assertThat(client.timer().getQueue()).as("its departure is off the timer").isEmpty();
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void longStreamKeepsEveryChunkTime() {
    int n = 3000;
    server.handle((r, c) -> {
      c.startStream(200);
      for (int i = 0; i < n; i++) {
        c.data(delta("content", "t" + i));
      }
      c.data(DONE);
      c.endStream();
    });
    RequestRecord r = client.send(chat("x").withKeepText(true));
    assertThat(r.error()).isNull();
    assertThat(r.contentChunkNs()).hasSize(n).isSorted();
    assertThat(r.text()).startsWith("t0t1t2").endsWith("t" + (n - 1));
  }

  @Test
  void manyConcurrentStreamsAllSucceed() throws Exception {
    client.close();
    // 200 TLS handshakes at once on both ends take seconds on a loaded 2-core machine
    client = client(Map.of("request-timeout", "60s"));
    server.handle((r, c) -> {
      c.startStream(200);
      for (int i = 0; i < 20; i++) {
        c.data(delta("content", "x"));
      }
      c.data(DONE);
      c.endStream();
    });
    int n = 200;
    List<RequestRecord> out = java.util.Collections.synchronizedList(new ArrayList<>());
    try (var exec = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      for (int i = 0; i < n; i++) {
        exec.submit(() -> out.add(client.send(chat("x"))));
      }
    }
    assertThat(out).hasSize(n);
    assertThat(out).allMatch(RequestRecord::ok);
    assertThat(out).allMatch(r -> r.contentChunkNs().length == 20);
    assertThat(progress.inFlight()).isZero();
    assertThat(progress.errors()).isZero();
  }

  @Test
  void nonStreamingResponse() throws Exception {
    client.close();
    client = client(Map.of("streaming", "false"));
    server.handle((r, c) -> c.respond(200, "application/json",
        "{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"whole\","
            + "\"reasoning_content\":\"why\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":4,\"completion_tokens\":6}}"));
    RequestRecord r = client.send(chat("x").withKeepText(true));
    assertThat(r.error()).isNull();
    assertThat(Json.parse(server.requests().get(0).body()).get("stream").booleanValue()).isFalse();
    assertThat(r.contentChunkNs()).containsExactly(r.endNs());
    assertThat(r.text()).isEqualTo("whole");
    assertThat(r.reasoningText()).isEqualTo("why");
    assertThat(r.inputTokens()).isEqualTo(4);
    assertThat(r.outputTokens()).isEqualTo(6);
    assertThat(r.reasoningTokens()).isNull();
  }

  @Test
  void cancelInFlightRecordsCancelled() throws Exception {
    server.handle((r, c) -> {
      c.startStream(200);
      c.data(delta("content", "a"));
      c.stall();
    });
    RequestRecord[] out = new RequestRecord[1];
    Thread t = Thread.ofVirtual().start(() -> out[0] = client.send(chat("x")));
    server.awaitArrived(1);
    // the request is in flight once the server has it; cancel until the sender returns
    for (int i = 0; i < 200 && t.isAlive(); i++) {
      client.cancelInFlight();
      t.join(50);
    }
    assertThat(t.isAlive()).isFalse();
    assertThat(out[0].error().kind()).isEqualTo(ErrorKind.CANCELLED);
    assertNextRequestWorks();
  }

  @Test
  void sendAfterCloseIsCancelledNotThrown() {
    client.close();
    RequestRecord r = client.send(chat("x"));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.CANCELLED);
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void connectionRefusedIsRecorded() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Map<String, String> settings = new HashMap<>(base());
    settings.put("request-timeout", "5s");
    try (OpenAiClient c = OpenAiClient.create(Settings.of(settings), URI.create(server.uri().getScheme() + "://127.0.0.1:" + port),
        new Progress())) {
      RequestRecord r = c.send(chat("x"));
      assertThat(r.error().kind()).isEqualTo(ErrorKind.CONNECTION_REFUSED);
      assertThat(r.error().type()).isEqualTo("ConnectionRefused");
      assertThat(r.error().code()).isZero();
    }
  }

  @Test
  void illegalHeaderValueIsARecordedErrorNotAThrow() {
    server.handle(OpenAiClientTest::goodStream);
    RequestRecord r = client.send(InferenceRequest.chat(RequestTags.of("c", "bad\nid", 0), List.of(ChatMessage.user("x")), 4));
    assertThat(r.error().kind()).isEqualTo(ErrorKind.CLIENT_ERROR);
    assertThat(r.error().type()).isEqualTo("InvalidRequest");
    assertThat(server.requests()).isEmpty();
    assertThat(progress.returned()).isEqualTo(1);
    assertNextRequestWorks();
  }

  @Test
  void untrustedCertificateIsARecordedConnectionFailure() throws Exception {
    Assumptions.assumeTrue(tls, "TLS only");
    server.handle(OpenAiClientTest::goodStream);
    Map<String, String> s = new HashMap<>(Map.of("transport", transport, "request-timeout", "5s"));
    try (OpenAiClient c = OpenAiClient.create(Settings.of(s), server.uri(), new Progress())) {
      RequestRecord r = c.send(chat("x"));
      assertThat(r.error().kind()).isEqualTo(ErrorKind.CONNECTION_RESET);
      assertThat(r.error().message()).containsIgnoringCase("certif");
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void transportIsTheSetting() {
    assertThat(client.transportName()).isEqualTo(transport);
  }

  @Test
  void endpointIsTheBaseUriAndTheChatPath() {
    assertThat(client.endpoint()).isEqualTo(URI.create(server.uri() + "/v1/chat/completions"));
  }

  @Test
  void badSettingsNameTheSetting() throws Exception {
    assertThatThrownBy(() -> client(Map.of("endpoint-type", "embeddings"))).hasMessageContaining("infermark.endpoint-type");
    assertThatThrownBy(() -> client(Map.of("session-headers", "cookie"))).hasMessageContaining("infermark.session-headers");
    assertThatThrownBy(() -> client(Map.of("transport", "curl"))).hasMessageContaining("infermark.transport");
    assertThatThrownBy(() -> client(Map.of("tls-ca", "/nonexistent/ca.pem"))).hasMessageContaining("infermark.tls-ca");
  }
}
