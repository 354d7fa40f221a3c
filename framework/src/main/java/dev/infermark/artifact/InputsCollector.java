package dev.infermark.artifact;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.client.RequestBodyListener;
import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;
import tools.jackson.core.JsonGenerator;

/**
 * Keeps the profiling request bodies, grouped by session, for {@code inputs.json}
 * ({@code {"data": [{"session_id": .., "payloads": [body, ...]}]}}). Bodies are the exact bytes
 * sent. Bounded: after {@link #MAX_BYTES} of bodies further ones are dropped and the file says so
 * ({@code "truncated": true, "dropped_payloads": N}). Thread-safe.
 */
public final class InputsCollector implements RequestBodyListener {
  /** The most body bytes kept for inputs.json. */
  public static final long MAX_BYTES = 64L << 20;

  private final Map<String, List<byte[]>> sessions = new LinkedHashMap<>();
  private long bytes;
  private long dropped;

  @Override
  public synchronized void onBody(InferenceRequest request, String requestId, byte[] body) {
    if (request.phase() != Phase.PROFILING) {
      return;
    }
    if (bytes + body.length > MAX_BYTES) {
      dropped++;
      return;
    }
    bytes += body.length;
    String session = request.tags() == null ? null : request.tags().conversationId();
    if (session == null && request.tags() != null) {
      session = request.tags().correlationId();
    }
    sessions.computeIfAbsent(session == null ? requestId : session, k -> new ArrayList<>()).add(body);
  }

  public synchronized long dropped() {
    return dropped;
  }

  /** Writes {@code inputs.json}. */
  public synchronized void write(Path file) throws IOException {
    AtomicFile.write(file, out -> write(out));
  }

  private void write(OutputStream out) throws IOException {
    try (JsonGenerator g = Json.MAPPER.createGenerator(out)) {
      g.writeStartObject();
      g.writeName("data");
      g.writeStartArray();
      for (Map.Entry<String, List<byte[]>> e : sessions.entrySet()) {
        g.writeStartObject();
        g.writeStringProperty("session_id", e.getKey());
        g.writeName("payloads");
        g.writeStartArray();
        for (byte[] b : e.getValue()) {
          g.writeRawValue(new String(b, StandardCharsets.UTF_8));
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
      if (dropped > 0) {
        g.writeBooleanProperty("truncated", true);
        g.writeNumberProperty("dropped_payloads", dropped);
      }
      g.writeEndObject();
    }
  }
}
