package dev.infermark.traces.formats;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.infermark.json.Json;
import dev.infermark.settings.Keys;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFile;
import dev.infermark.traces.format.TraceFormat;
import dev.infermark.traces.format.TraceLoad;
import dev.infermark.traces.format.TraceRequest;
import dev.infermark.traces.format.TraceSession;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;

/**
 * Conversation files: user turns whose answers come from the server as it runs, threaded into the history (as
 * {@code Conversations} plays them). AIPerf's {@code single_turn} and {@code multi_turn} JSON lines and ShareGPT files.
 * Text only: an image, audio or video field fails naming it.
 */
final class ConversationFormats {
  private static final Set<String> TURN = Set.of("text", "texts", "timestamp", "delay", "role", "type");
  private static final Set<String> MEDIA = Set.of("image", "images", "audio", "audios", "video", "videos");

  private ConversationFormats() {}

  /** One {@code single_turn}-shaped turn: {@code text} (or one-element {@code texts}), {@code role}, timing. */
  static TraceRequest turn(Rows.Row row, Set<String> allowed) {
    for (String m : MEDIA) {
      if (row.has(m)) {
        throw row.error(m, "media inputs are not supported (text only)");
      }
    }
    row.only(allowed);
    String text = row.text("text");
    if (row.has("texts")) {
      JsonNode t = row.node().get("texts");
      if (text != null || !t.isArray() || t.size() != 1 || !(t.get(0).isString() || t.get(0).path("contents").isArray())) {
        throw row.error("texts", "one text per turn: give text, or texts with one string (client-side batching is not "
            + "supported)");
      }
      JsonNode one = t.get(0);
      text = one.isString() ? one.asString() : String.join(" ", Json.MAPPER.convertValue(one.get("contents"), String[].class));
    }
    if (text == null) {
      throw row.error("text", "missing: a turn needs its text");
    }
    double ts = row.time("timestamp");
    double delay = row.time("delay");
    if (!Double.isNaN(ts) && !Double.isNaN(delay)) {
      throw row.error("timestamp", "and delay cannot be set together");
    }
    String role = row.text("role");
    return new TraceRequest(ts, delay, -1, null, null,
        new TraceRequest.Messages(List.of(Rows.Row.message(role, text)), true), null);
  }

  /** AIPerf's {@code single_turn}: one turn a line ({@code session_id} groups lines into a conversation). */
  public static final class SingleTurn implements TraceFormat {
    private static final Set<String> FIELDS = union(TURN, Set.of("session_id"));

    @Override
    public String name() {
      return "single_turn";
    }

    @Override
    public String description() {
      return "AIPerf single_turn JSON lines: {\"text\": ..., \"timestamp\" | \"delay\", \"role\"}, a conversation a line";
    }

    @Override
    public boolean conversations() {
      return true;
    }

    @Override
    public boolean recognizes(TraceFile file) {
      JsonNode r = file.firstRecord();
      return r != null && r.isObject() && !file.topLevelArray() && (r.has("text") || r.has("texts")) && !r.has("turns");
    }

    @Override
    public Corpus load(TraceFile file, TraceLoad load) throws IOException {
      Rows.Sessions sessions = new Rows.Sessions();
      Rows.jsonLines(file.path(), row -> sessions.add(row, row.id("session_id"), turn(row, FIELDS)));
      return load.corpus(file, sessions.list(), name(), load.blockSize(512));
    }
  }

  /** AIPerf's {@code multi_turn}: {@code {"session_id", "turns": [turn, ...]}} a line. */
  public static final class MultiTurn implements TraceFormat {
    @Override
    public String name() {
      return "multi_turn";
    }

    @Override
    public String description() {
      return "AIPerf multi_turn JSON lines: {\"session_id\", \"turns\": [{\"text\", \"delay\" | \"timestamp\"}, ...]}";
    }

    @Override
    public boolean conversations() {
      return true;
    }

    @Override
    public boolean recognizes(TraceFile file) {
      JsonNode r = file.firstRecord();
      return r != null && r.isObject() && !file.topLevelArray() && r.path("turns").isArray();
    }

    @Override
    public Corpus load(TraceFile file, TraceLoad load) throws IOException {
      List<TraceSession> out = new ArrayList<>();
      Rows.jsonLines(file.path(), row -> {
        row.only(Set.of("session_id", "turns", "type"));
        JsonNode turns = row.node().path("turns");
        if (!turns.isArray() || turns.isEmpty()) {
          throw row.error("turns", "must be a non-empty array of turns");
        }
        List<TraceRequest> rs = new ArrayList<>(turns.size());
        for (int k = 0; k < turns.size(); k++) {
          rs.add(turn(row.inner("turns[" + k + "]", turns.get(k)), TURN));
        }
        String id = row.id("session_id");
        out.add(new TraceSession(id != null ? id : "row-" + row.number(), rs));
      });
      return load.corpus(file, out, name(), load.blockSize(512));
    }
  }

  /**
   * ShareGPT ({@code [{"id", "conversations": [{"from": "human", "value"}, {"from": "gpt", "value"}, ...]}]}, or one
   * such object a line), read as vLLM's and AIPerf's benchmarks read it: a conversation's first human message is the
   * prompt, the answer after it sets the output length (its tokens under the run's tokenizer); a conversation without
   * such a pair is passed over. With {@code num-dataset-entries}, reading stops once that many are kept.
   */
  public static final class ShareGpt implements TraceFormat {
    private static final System.Logger LOG = System.getLogger(ShareGpt.class.getName());

    @Override
    public String name() {
      return "sharegpt";
    }

    @Override
    public String description() {
      return "ShareGPT: [{\"conversations\": [{\"from\": \"human\", \"value\"}, {\"from\": \"gpt\", \"value\"}]}]; first "
          + "human prompt, output length of the reply";
    }

    @Override
    public boolean conversations() {
      return true;
    }

    @Override
    public boolean recognizes(TraceFile file) {
      JsonNode r = file.firstRecord();
      return r != null && r.path("conversations").isArray();
    }

    @Override
    public Corpus load(TraceFile file, TraceLoad load) throws IOException {
      Integer cap = load.settings().get(Keys.NUM_DATASET_ENTRIES);
      List<TraceSession> out = new ArrayList<>();
      int[] skipped = {0};
      Rows.Handler each = row -> {
        if (cap != null && cap > 0 && out.size() >= cap) {
          return;
        }
        TraceSession s = session(row, load, out.size());
        if (s == null) {
          skipped[0]++;
        } else {
          out.add(s);
        }
      };
      if (file.topLevelArray()) {
        // one entry at a time: a ShareGPT file is hundreds of megabytes
        ObjectReader entries = Json.MAPPER.readerFor(JsonNode.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        try (InputStream in = Files.newInputStream(file.path()); JsonParser p = Json.MAPPER.createParser(in)) {
          p.nextToken();
          int i = 0;
          while (p.nextToken() == JsonToken.START_OBJECT) {
            each.accept(new Rows.Row(file.path(), "entry " + i, i, entries.readValue(p)));
            i++;
            if (cap != null && cap > 0 && out.size() >= cap) {
              break;
            }
          }
        } catch (JacksonException e) {
          throw new IllegalArgumentException(file.path() + ": not valid JSON: " + e.getOriginalMessage(), e);
        }
      } else {
        Rows.jsonLines(file.path(), each);
      }
      if (skipped[0] > 0) {
        LOG.log(System.Logger.Level.INFO, "{0}: {1} conversations without a human prompt and its answer passed over",
            file.name(), skipped[0]);
      }
      return load.corpus(file, out, name(), load.blockSize(512));
    }

    private static TraceSession session(Rows.Row row, TraceLoad load, int index) {
      JsonNode turns = row.node().path("conversations");
      if (!turns.isArray()) {
        throw row.error("conversations", "must be an array of {\"from\", \"value\"}");
      }
      for (int k = 0; k + 1 < turns.size(); k++) {
        JsonNode q = turns.get(k);
        JsonNode a = turns.get(k + 1);
        if ("human".equals(q.path("from").asString("")) && "gpt".equals(a.path("from").asString(""))
            && q.path("value").isString() && a.path("value").isString()) {
          int out = Math.max(1, load.tokenizer().count(a.path("value").asString()));
          // ShareGPT repeats ids: sessions are numbered
          return new TraceSession("conversation-" + index, List.of(new TraceRequest(Double.NaN,
              Double.NaN, -1, out, null, new TraceRequest.Messages(List.of(Rows.Row.message("user",
                  q.path("value").asString())), true), null)));
        }
      }
      return null;
    }
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> out = new java.util.HashSet<>(a);
    out.addAll(b);
    return Set.copyOf(out);
  }
}
