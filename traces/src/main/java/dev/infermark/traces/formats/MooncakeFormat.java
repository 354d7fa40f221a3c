package dev.infermark.traces.formats;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFile;
import dev.infermark.traces.format.TraceFormat;
import dev.infermark.traces.format.TraceLoad;
import dev.infermark.traces.format.TraceRequest;
import tools.jackson.databind.JsonNode;

/**
 * Mooncake traces ({@code mooncake_trace}, github.com/kvcache-ai/Mooncake; AIPerf, GuideLLM and SGLang read them):
 * one JSON object a line, {@code timestamp} (ms), {@code input_length}, {@code output_length} and {@code hash_ids},
 * one id per {@value #BLOCK_SIZE}-token block of the prompt (a global id: equal ids at the same place are a shared
 * prefix). AIPerf's other fields: {@code session_id} and {@code delay} (a multi-turn session's rows, in file order),
 * {@code text_input}, {@code messages} (with {@code tools}) and {@code payload} in place of {@code input_length}, and
 * {@code extra} body fields. Each row is a session of its own unless it names one.
 */
public final class MooncakeFormat implements TraceFormat {
  /** Tokens per hash id in Mooncake's traces. */
  public static final int BLOCK_SIZE = 512;
  static final Set<String> FIELDS = Set.of("timestamp", "input_length", "output_length", "hash_ids", "session_id",
      "delay", "text_input", "messages", "tools", "extra", "payload");
  private static final Set<String> INPUTS = Set.of("input_length", "text_input", "messages", "payload");

  @Override
  public String name() {
    return "mooncake_trace";
  }

  @Override
  public String description() {
    return "Mooncake trace: JSON lines of timestamp (ms), input_length, output_length, hash_ids (one per 512-token block)";
  }

  @Override
  public boolean recognizes(TraceFile file) {
    JsonNode r = file.firstRecord();
    if (r == null || !r.isObject() || file.topLevelArray() || file.directory()) {
      return false;
    }
    boolean input = false;
    for (String f : r.propertyNames()) {
      if (!FIELDS.contains(f)) {
        return false;
      }
      input |= INPUTS.contains(f);
    }
    return input;
  }

  @Override
  public Corpus load(TraceFile file, TraceLoad load) throws IOException {
    int bs = load.blockSize(BLOCK_SIZE);
    Rows.Sessions sessions = new Rows.Sessions();
    Rows.jsonLines(file.path(), row -> {
      row.only(FIELDS);
      sessions.add(row, row.id("session_id"), request(row, bs));
    });
    return load.corpus(file, sessions.list(), name(), bs);
  }

  private static TraceRequest request(Rows.Row row, int bs) {
    int inputs = 0;
    for (String f : INPUTS) {
      inputs += row.has(f) ? 1 : 0;
    }
    if (inputs != 1) {
      throw row.error(null, "needs exactly one of input_length, text_input, messages or payload, got " + inputs);
    }
    if (row.has("hash_ids") && !row.has("input_length")) {
      throw row.error("hash_ids", "goes with input_length (the ids are its blocks)");
    }
    if (row.has("tools") && !row.has("messages")) {
      throw row.error("tools", "goes with messages");
    }
    double ts = row.time("timestamp");
    double delay = row.time("delay");
    Integer out = row.count("output_length", null);
    Map<String, Object> extra = row.object("extra");
    if (row.has("input_length")) {
      int in = row.count("input_length", 0);
      int[] ids = row.ints("hash_ids");
      long blocks = (in + (long) bs - 1) / bs;
      if (ids.length > blocks) {
        throw row.error("hash_ids", ids.length + " ids for input_length " + in + ": at " + bs + " tokens a block the prompt "
            + "has " + blocks + " (is the trace's block size larger? set prompt-input-tokens-block-size)");
      }
      return new TraceRequest(ts, delay, in, out, null, new TraceRequest.HashBlocks(ids), extra);
    }
    if (row.has("text_input")) {
      return new TraceRequest(ts, delay, -1, out, null,
          new TraceRequest.Messages(List.of(Rows.Row.message("user", row.text("text_input"))), false), extra);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    if (row.has("messages")) {
      body.put("messages", row.objects("messages", true));
      List<Object> tools = row.objects("tools", false);
      if (tools != null) {
        body.put("tools", tools);
      }
    } else {
      body.putAll(row.object("payload"));
    }
    return new TraceRequest(ts, delay, -1, out, null, new TraceRequest.Body(body), extra);
  }
}
