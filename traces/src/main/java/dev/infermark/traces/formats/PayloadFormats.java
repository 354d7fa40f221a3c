package dev.infermark.traces.formats;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.infermark.json.Json;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFile;
import dev.infermark.traces.format.TraceFormat;
import dev.infermark.traces.format.TraceLoad;
import dev.infermark.traces.format.TraceRequest;
import dev.infermark.traces.format.TraceSession;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Request bodies replayed as they are (AIPerf's {@code inputs_json} and {@code raw_payload}): every field of a body is
 * sent with its value ({@code messages}, {@code model}, {@code max_tokens}, {@code stream}, sampling fields...); the
 * client adds only what a body lacks: {@code model} (the run's), {@code stream} (the run's {@code streaming}), and,
 * when streaming, {@code stream_options} asking for usage; the run's {@code extra-inputs} are merged under the body.
 * Turns of a session follow each other, with no recorded timing.
 */
final class PayloadFormats {
  private PayloadFormats() {}

  static TraceRequest body(Rows.Row row) {
    if (!row.node().isObject()) {
      throw row.error(null, "a request body must be a JSON object");
    }
    Map<String, Object> body = Json.plainObject(row.node());
    return new TraceRequest(Double.NaN, Double.NaN, -1, null, null, new TraceRequest.Body(body), null);
  }

  /** AIPerf's (and infermark's) {@code inputs.json}: {@code {"data": [{"session_id", "payloads": [body, ...]}]}}. */
  public static final class InputsJson implements TraceFormat {
    @Override
    public String name() {
      return "inputs_json";
    }

    @Override
    public String description() {
      return "an inputs.json of AIPerf or infermark: {\"data\": [{\"session_id\", \"payloads\": [request bodies]}]}, replayed verbatim";
    }

    @Override
    public boolean recognizes(TraceFile file) {
      JsonNode r = file.firstRecord();
      return r != null && !file.topLevelArray() && r.path("data").isArray() && r.path("data").path(0).path("payloads").isArray();
    }

    @Override
    public Corpus load(TraceFile file, TraceLoad load) throws IOException {
      JsonNode root;
      try (InputStream in = Files.newInputStream(file.path())) {
        root = Json.MAPPER.readTree(in);
      } catch (JacksonException e) {
        throw new IllegalArgumentException(file.path() + ": not valid JSON: " + e.getOriginalMessage(), e);
      }
      JsonNode data = root.path("data");
      if (!data.isArray()) {
        throw new IllegalArgumentException(file.path() + ": data: must be an array of sessions");
      }
      List<TraceSession> sessions = new ArrayList<>(data.size());
      for (int i = 0; i < data.size(); i++) {
        Rows.Row s = new Rows.Row(file.path(), "data[" + i + "]", i, data.get(i));
        s.only(java.util.Set.of("session_id", "payloads"));
        JsonNode payloads = s.node().path("payloads");
        if (!payloads.isArray() || payloads.isEmpty()) {
          throw s.error("payloads", "must be a non-empty array of request bodies");
        }
        List<TraceRequest> turns = new ArrayList<>(payloads.size());
        for (int k = 0; k < payloads.size(); k++) {
          turns.add(body(s.inner("payloads[" + k + "]", payloads.get(k))));
        }
        String id = s.id("session_id");
        sessions.add(new TraceSession(id != null ? id : "session-" + i, turns));
      }
      return load.corpus(file, sessions, name(), load.blockSize(512));
    }
  }

  /**
   * AIPerf's raw payloads: a JSON lines file of request bodies (each a session of one request), or a folder of them
   * (each file a session, its lines the turns).
   */
  public static final class RawPayload implements TraceFormat {
    @Override
    public String name() {
      return "raw_payload";
    }

    @Override
    public String description() {
      return "raw request bodies: JSON lines of {\"messages\": [...], ...} (a folder of them: a session a file), replayed verbatim";
    }

    @Override
    public boolean recognizes(TraceFile file) {
      JsonNode r = file.firstRecord();
      if (r == null || !r.isObject() || file.topLevelArray() || !r.path("messages").isArray()
          || r.has("conversation_id") || r.has("data")) {
        return false;
      }
      // a body, not a Mooncake row: no Mooncake-only field
      for (String f : r.propertyNames()) {
        if (MooncakeFormat.FIELDS.contains(f) && !f.equals("messages") && !f.equals("tools")) {
          return false;
        }
      }
      return true;
    }

    @Override
    public Corpus load(TraceFile file, TraceLoad load) throws IOException {
      List<TraceSession> sessions = new ArrayList<>();
      if (file.directory()) {
        List<Path> files = file.files(".jsonl");
        if (files.isEmpty()) {
          throw new IllegalArgumentException(file.path() + ": the folder holds no *.jsonl file of request bodies");
        }
        for (Path f : files) {
          List<TraceRequest> turns = new ArrayList<>();
          Rows.jsonLines(f, row -> turns.add(body(row)));
          if (!turns.isEmpty()) {
            String n = f.getFileName().toString();
            sessions.add(new TraceSession(n.substring(0, n.length() - ".jsonl".length()), turns));
          }
        }
      } else {
        Rows.jsonLines(file.path(), row -> sessions.add(new TraceSession("row-" + row.number(), List.of(body(row)))));
      }
      return load.corpus(file, sessions, name(), load.blockSize(512));
    }
  }
}
