package dev.infermark.simulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.SplittableRandom;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * One completion request, from its parsed body to the last byte: validation, fault draw, the
 * sequence handed to the engine, then the response (streamed as the engine publishes tokens, or
 * whole), with its ground truth recorded before the final bytes leave.
 */
final class Completion {
  private static final long FOREVER_NS = Long.MAX_VALUE / 4;

  private final Simulator sim;
  private final HttpConnection conn;
  private final HttpHead head;
  private final BodyStream body;
  private final long arrival;
  private final boolean chat;
  private final boolean keep;
  private final String endpoint;
  private final String requestId;

  Completion(Simulator sim, HttpConnection conn, HttpHead head, BodyStream body, long arrival, boolean chat,
      boolean keep) {
    this.sim = sim;
    this.conn = conn;
    this.head = head;
    this.body = body;
    this.arrival = arrival;
    this.chat = chat;
    this.keep = keep;
    this.endpoint = chat ? "/v1/chat/completions" : "/v1/completions";
    String id = head.header("x-request-id");
    this.requestId = id == null || id.isBlank() ? sim.newRequestId() : id;
  }

  /** Serves the request; false when the connection must close. */
  boolean serve() throws IOException, InterruptedException {
    ApiRequest req;
    try {
      req = ApiRequest.parse(body, chat);
      body.drain();
    } catch (ApiRequest.BadRequest | BodyStream.TooLarge e) {
      if (body.tooLarge) {
        sim.metrics.rejected.increment();
        reject(413, "BadRequestError", "request body larger than " + sim.config().maxBodyBytes()
            + " bytes (simulator-max-request-body-mb)", -1, false);
        return false;
      }
      try {
        body.drain();
      } catch (IOException drainFailed) {
        reject(400, "BadRequestError", e.getMessage(), -1, false);
        return false;
      }
      sim.metrics.rejected.increment();
      reject(400, "BadRequestError", e.getMessage(), -1, keep);
      return keep;
    }
    SimulatorConfig cfg = sim.config();
    SplittableRandom rng = new SplittableRandom(req.seed() != null ? req.seed() : sim.seedFor(requestId));
    Fault fault = cfg.faults().pick(rng.nextDouble(), req.stream());
    if (fault != null) {
      sim.metrics.faults.get(fault).increment();
    }
    String headers = "X-Request-ID: " + requestId + "\r\n";
    if (fault == Fault.HTTP_429 || fault == Fault.HTTP_500 || fault == Fault.HTTP_503) {
      // HTTP error faults answer at once: the request never reaches the engine.
      switch (fault) {
        case HTTP_429 -> reject(429, "RateLimitError", "Rate limit reached (injected fault).", -1, keep, fault,
            headers + "Retry-After: 1\r\n");
        case HTTP_500 -> reject(500, "InternalServerError", "Internal server error (injected fault).", -1, keep, fault,
            headers);
        default -> reject(503, "ServiceUnavailableError", "The engine is overloaded (injected fault).", -1, keep, fault,
            headers);
      }
      return keep;
    }

    int[] prompt = sim.promptTokens(req);
    int promptLen = prompt.length;
    int maxLen = cfg.maxModelLen();
    Integer maxTokens = req.maxTokens();
    if (cfg.overflowStyle() == OverflowStyle.LLAMACPP) {
      if (promptLen >= maxLen) {
        sim.metrics.rejected.increment();
        ObjectNode e = Json.object();
        ObjectNode inner = e.putObject("error");
        inner.put("code", 400);
        inner.put("message", "request (" + promptLen + " tokens) exceeds the available context size (" + maxLen
            + " tokens), try increasing it");
        inner.put("type", "exceed_context_size_error");
        inner.put("n_prompt_tokens", promptLen);
        inner.put("n_ctx", maxLen);
        rejectBody(400, Json.write(e).getBytes(StandardCharsets.UTF_8), promptLen, null, headers);
        return keep;
      }
      if (maxTokens != null && promptLen + maxTokens > maxLen) {
        maxTokens = maxLen - promptLen; // llama.cpp stops at the context end instead of refusing
      }
    } else {
      if (promptLen >= maxLen) {
        sim.metrics.rejected.increment();
        reject(400, "BadRequestError", "This model's maximum context length is " + maxLen
            + " tokens. However, your request has " + promptLen
            + " input tokens. Please reduce the length of the input messages.", promptLen, keep, null, headers);
        return keep;
      }
      if (maxTokens != null && promptLen + maxTokens > maxLen) {
        sim.metrics.rejected.increment();
        reject(400, "BadRequestError", "'max_tokens' or 'max_completion_tokens' is too large: " + maxTokens
            + ". This model's maximum context length is " + maxLen + " tokens and your request has " + promptLen
            + " input tokens (" + maxTokens + " > " + maxLen + " - " + promptLen + ").", promptLen, keep, null, headers);
        return keep;
      }
    }
    int cap = maxTokens != null ? maxTokens : maxLen - promptLen;
    int floor = req.minTokens() == null ? 0 : req.minTokens(); // no end of sequence before min_tokens
    int target = req.ignoreEos() ? cap : Math.min(cap, Math.max(floor, sim.stopLength(rng)));
    String finishReason = target == cap && (maxTokens != null || req.ignoreEos()) ? "length" : "stop";
    int blocksNeeded = (promptLen + target + cfg.blockSize() - 1) / cfg.blockSize();
    if (blocksNeeded > cfg.kvBlocks()) {
      sim.metrics.rejected.increment();
      reject(400, "BadRequestError", "the request needs " + blocksNeeded + " KV-cache blocks (" + promptLen
          + " prompt + " + target + " output tokens) but the simulated cache holds " + cfg.kvBlocks()
          + " (raise simulator-num-kv-blocks)", promptLen, keep, null, headers);
      return keep;
    }
    int[] tokens = new int[promptLen + target];
    System.arraycopy(prompt, 0, tokens, 0, promptLen);
    for (int i = promptLen; i < tokens.length; i++) {
      tokens[i] = sim.outputToken(rng);
    }
    int reasoning = chat ? (int) Math.floor(target * cfg.reasoningFraction()) : 0;
    int faultIndex = fault == Fault.RESET || fault == Fault.MALFORMED_CHUNK ? (req.stream() ? rng.nextInt(target) : -1) : -1;

    Sequence seq = new Sequence(requestId, tokens, promptLen, System.nanoTime());
    sim.engine.submit(seq);
    Response r = new Response(req, seq, fault, faultIndex, reasoning, finishReason);
    prompt = null;
    req = null; // the messages (the size of the prompt) are not kept for the response's lifetime
    try {
      if (fault == Fault.SLOW_HEADERS) {
        Thread.sleep(cfg.faults().slowHeadersDelay());
      }
      return r.streaming ? r.stream() : r.whole();
    } catch (IOException | InterruptedException | RuntimeException e) {
      sim.engine.abort(seq);
      throw e;
    }
  }

  private void reject(int status, String type, String message, int promptTokens, boolean keepOpen) throws IOException {
    reject(status, type, message, promptTokens, keepOpen, null, "X-Request-ID: " + requestId + "\r\n");
  }

  private void reject(int status, String type, String message, int promptTokens, boolean keepOpen, Fault fault,
      String headers) throws IOException {
    rejectBody(status, HttpConnection.errorBody(status, type, message), promptTokens, fault, headers, keepOpen);
  }

  private void rejectBody(int status, byte[] bytes, int promptTokens, Fault fault, String headers) throws IOException {
    rejectBody(status, bytes, promptTokens, fault, headers, keep);
  }

  private void rejectBody(int status, byte[] bytes, int promptTokens, Fault fault, String headers, boolean keepOpen)
      throws IOException {
    long now = System.nanoTime();
    sim.record(new GroundTruth(requestId, endpoint, status, arrival, -1, now, new long[0], new long[0], now, promptTokens,
        -1, 0, 0, null, fault, -1, 0));
    conn.send(status, "application/json", bytes, headers, keepOpen);
  }

  /** Writes the response of an admitted request. */
  private final class Response {
    /** Of the request only what the response needs: not its messages. */
    private final boolean streaming;
    private final boolean includeUsage;
    private final Sequence seq;
    private final Fault fault;
    private final int faultIndex;
    private final int reasoning;
    private final String finishReason;
    private final String model;
    private final long[] sendNs;
    private final long[] scheduledNs;
    private long headersNs = -1;

    Response(ApiRequest req, Sequence seq, Fault fault, int faultIndex, int reasoning, String finishReason) {
      this.streaming = req.stream();
      this.includeUsage = req.includeUsage();
      this.seq = seq;
      this.fault = fault;
      this.faultIndex = faultIndex;
      this.reasoning = reasoning;
      this.finishReason = finishReason;
      this.model = req.model() != null ? req.model() : sim.config().servedModelName();
      this.sendNs = new long[seq.target];
      this.scheduledNs = new long[seq.target];
    }

    private String completionId() {
      return (chat ? "chatcmpl-" : "cmpl-") + sim.idSuffix(requestId);
    }

    private String text(int i) {
      return sim.tokenText(seq.tokens[seq.promptLen + i]);
    }

    boolean stream() throws IOException, InterruptedException {
      headersNs = System.nanoTime();
      conn.startStream(requestId, keep);
      ChunkFormat fmt = new ChunkFormat(chat, completionId(), Instant.now().getEpochSecond(), model);
      int target = seq.target;
      int sent = 0;
      ChunkBuffer buf = conn.chunkBuffer();
      while (sent < target) {
        if (fault == Fault.RESET && sent == faultIndex) {
          long now = System.nanoTime();
          record(200, sent, now, null);
          sim.engine.abort(seq);
          conn.reset();
          return false;
        }
        int avail = seq.await(sent);
        if (avail < 0) {
          conn.reset(); // the engine dropped it (shutdown)
          return false;
        }
        int upTo = fault == Fault.RESET ? Math.min(avail, faultIndex) : avail;
        seq.copyScheduled(sent, upTo, scheduledNs);
        buf.clear();
        for (int i = sent; i < upTo; i++) {
          if (i == 0 && chat) {
            fmt.role(buf);
          }
          if (fault == Fault.MALFORMED_CHUNK && i == faultIndex) {
            fmt.malformed(buf);
          } else {
            fmt.token(buf, text(i), i < reasoning, i == target - 1 ? finishReason : null);
          }
        }
        long now = System.nanoTime();
        try {
          conn.writeChunk(buf, false);
        } catch (IOException clientGone) {
          record(200, sent, now, null); // what reached the client before it went away
          throw clientGone;
        }
        for (int i = sent; i < upTo; i++) {
          sendNs[i] = now;
          sim.metrics.sendLag.observeNanos(Math.max(0, now - scheduledNs[i]));
        }
        sent = upTo;
      }
      buf.clear();
      if (includeUsage) {
        fmt.usage(buf, seq.promptLen, target, seq.cachedTokens, reasoning);
      }
      if (fault != Fault.MISSING_DONE) {
        ChunkFormat.done(buf);
      }
      long end = System.nanoTime();
      record(200, target, end, finishReason);
      sim.metrics.finished(finishReason);
      conn.writeChunk(buf, true);
      return keep;
    }

    boolean whole() throws IOException, InterruptedException {
      if (!seq.awaitDone(FOREVER_NS, java.util.concurrent.TimeUnit.NANOSECONDS)) {
        conn.reset();
        return false;
      }
      int target = seq.target;
      seq.copyScheduled(0, target, scheduledNs);
      if (fault == Fault.RESET) {
        record(0, 0, System.nanoTime(), null);
        conn.reset();
        return false;
      }
      StringBuilder content = new StringBuilder(target * 8);
      StringBuilder reasoningText = new StringBuilder();
      for (int i = 0; i < target; i++) {
        (i < reasoning ? reasoningText : content).append(text(i));
      }
      StringBuilder b = new StringBuilder(content.length() + 512);
      b.append("{\"id\":\"").append(completionId()).append("\",\"object\":\"")
          .append(chat ? "chat.completion" : "text_completion").append("\",\"created\":")
          .append(Instant.now().getEpochSecond()).append(",\"model\":").append(Json.write(model))
          .append(",\"choices\":[{\"index\":0,");
      if (chat) {
        b.append("\"message\":{\"role\":\"assistant\",\"content\":").append(Json.write(content.toString()));
        if (reasoning > 0) {
          b.append(",\"reasoning_content\":").append(Json.write(reasoningText.toString()));
        }
        b.append("},");
      } else {
        b.append("\"text\":").append(Json.write(content.toString())).append(',');
      }
      b.append("\"logprobs\":null,\"finish_reason\":\"").append(finishReason).append("\",\"stop_reason\":null}],\"usage\":");
      ChunkFormat.usageJson(b, seq.promptLen, target, seq.cachedTokens, reasoning);
      b.append('}');
      byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
      if (fault == Fault.MALFORMED_CHUNK) {
        bytes = java.util.Arrays.copyOf(bytes, bytes.length / 2);
      }
      long end = System.nanoTime();
      headersNs = end;
      record(200, 0, end, finishReason);
      sim.metrics.finished(finishReason);
      conn.send(200, "application/json", bytes, "X-Request-ID: " + requestId + "\r\n", keep);
      return keep;
    }

    private void record(int status, int chunks, long endNs, String reason) {
      long[] sends = java.util.Arrays.copyOf(sendNs, chunks);
      long[] scheduled = java.util.Arrays.copyOf(scheduledNs, streaming ? chunks : (reason != null ? seq.target : 0));
      int out = streaming ? chunks : (reason != null ? seq.target : 0);
      sim.record(new GroundTruth(requestId, endpoint, status, arrival, seq.arrivalNs, headersNs, sends, scheduled, endNs, seq.promptLen,
          seq.cachedTokens, out, Math.min(reasoning, out), reason, fault, faultIndex, seq.preemptions));
    }
  }
}
