package dev.infermark.traces.weka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

import dev.infermark.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.node.ObjectNode;

/**
 * Strict reader of Weka-format traces (spec §2.1): unknown keys, missing required fields, wrong
 * types, negative lengths and bad JSON are rejected with a {@link WekaFormatException} naming the
 * source, the field path and the reason. Streams the input (a corpus row can hold millions of hash
 * ids) and stores hash ids sharing prefixes with the previous request of the same conversation.
 *
 * <p>Sub-agent inner times recorded relative to the spawn (an inner {@code t} more than 1e-6 below
 * the entry's {@code t}, as in older kv-cache-tester exports) are made absolute by adding the
 * entry's {@code t}.
 *
 * <p>Token counts ({@code in}, {@code out}, {@code tool_tokens}, {@code system_tokens}) above
 * {@link #MAX_TOKENS} are rejected here, at load time: no model context comes near it, so such a
 * value is a corrupt row, and it would otherwise surface only when its prompt is built.
 */
public final class WekaTraceParser {
  /**
   * The largest token count a trace may record (2^24 = 16,777,216): above every model context
   * served today (the largest are 10M tokens), so only corrupt data is rejected.
   */
  public static final int MAX_TOKENS = 1 << 24;

  private static final Set<String> REQUEST_KEYS = Set.of("t", "type", "model", "in", "out", "hash_ids", "input_types",
      "output_types", "stop", "api_time", "think_time", "ttft");
  private static final Set<String> SUBAGENT_KEYS = Set.of("t", "type", "agent_id", "subagent_type", "duration_ms",
      "total_tokens", "tool_use_count", "status", "requests", "models", "tool_tokens", "system_tokens");

  // Reads one nested value from a parser positioned inside a larger document.
  private static final ObjectReader TREE_READER =
      Json.MAPPER.readerFor(JsonNode.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final String source;
  private final JsonParser p;
  private int[] buffer = new int[1024];

  private WekaTraceParser(String source, JsonParser p) {
    this.source = source;
    this.p = p;
  }

  /** Parses one trace file ({@code .json}, one object). */
  public static WekaTrace parseFile(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return parse(file.toString(), in);
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** Parses one trace from text; {@code source} names it in errors. */
  public static WekaTrace parse(String source, String json) {
    try (JsonParser p = Json.MAPPER.createParser(json)) {
      return single(source, p);
    }
  }

  /** Parses one trace from a stream; {@code source} names it in errors. */
  public static WekaTrace parse(String source, InputStream in) {
    try (JsonParser p = Json.MAPPER.createParser(in)) {
      return single(source, p);
    }
  }

  /**
   * Parses a JSON-lines file of traces (one per line, blank lines ignored) and hands each to
   * {@code sink} in order; errors name {@code "<sourceName> row N"} (N = 1-based line number).
   *
   * @return the number of traces read
   */
  public static int parseJsonl(Path file, String sourceName, Consumer<WekaTrace> sink) {
    // Rows are parsed in parallel (a corpus is hundreds of MB of hash ids) but handed to the sink
    // in file order; at most a few rows are in flight, so memory stays bounded.
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ArrayDeque<Future<WekaTrace>> inFlight = new ArrayDeque<>();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "weka-jsonl");
      t.setDaemon(true);
      return t;
    });
    int rows = 0;
    try (InputStream in = Files.newInputStream(file)) {
      ByteArrayOutputStream line = new ByteArrayOutputStream(1 << 16);
      byte[] buf = new byte[1 << 16];
      int lineNo = 0;
      int n;
      boolean eof = false;
      while (!eof) {
        n = in.read(buf);
        eof = n < 0;
        int from = 0;
        for (int i = 0; i < Math.max(n, 0); i++) {
          if (buf[i] == '\n') {
            line.write(buf, from, i - from);
            from = i + 1;
            rows += submitRow(line, ++lineNo, sourceName, pool, inFlight, threads, sink);
          }
        }
        if (n > 0) {
          line.write(buf, from, n - from);
        }
      }
      if (line.size() > 0) {
        rows += submitRow(line, ++lineNo, sourceName, pool, inFlight, threads, sink);
      }
      while (!inFlight.isEmpty()) {
        sink.accept(await(inFlight.poll()));
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(sourceName + ": cannot read " + file + ": " + e.getMessage(), e);
    } finally {
      inFlight.forEach(f -> f.cancel(true));
      pool.shutdownNow();
    }
  }

  // Queues one line for parsing and hands finished rows to the sink in order; returns 1 for a row.
  private static int submitRow(ByteArrayOutputStream line, int lineNo, String sourceName, ExecutorService pool,
      ArrayDeque<Future<WekaTrace>> inFlight, int threads, Consumer<WekaTrace> sink) {
    byte[] bytes = line.toByteArray();
    line.reset();
    if (isBlank(bytes)) {
      return 0;
    }
    String source = sourceName + " row " + lineNo;
    inFlight.add(pool.submit(() -> {
      try (JsonParser p = Json.MAPPER.createParser(bytes)) {
        return single(source, p);
      }
    }));
    if (inFlight.size() >= 2 * threads) {
      sink.accept(await(inFlight.poll()));
    }
    return 1;
  }

  private static boolean isBlank(byte[] bytes) {
    for (byte b : bytes) {
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  private static WekaTrace await(Future<WekaTrace> f) {
    try {
      return f.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading traces", e);
    }
  }

  private static WekaTrace single(String source, JsonParser p) {
    WekaTraceParser r = new WekaTraceParser(source, p);
    try {
      JsonToken first = p.nextToken();
      if (first == null) {
        throw new WekaFormatException(source, "", "empty document, expected a trace object");
      }
      WekaTrace t = r.trace();
      if (p.nextToken() != null) {
        throw new WekaFormatException(source, "", "unexpected content after the trace object at " + where(p));
      }
      return t;
    } catch (JacksonException e) {
      throw new WekaFormatException(source, "", "invalid JSON at " + where(p) + ": " + e.getOriginalMessage(), e);
    }
  }

  private static String where(JsonParser p) {
    TokenStreamLocation l = p.currentLocation();
    return "line " + l.getLineNr() + ", column " + l.getColumnNr();
  }

  private WekaFormatException error(String field, String reason) {
    return new WekaFormatException(source, field, reason);
  }

  private WekaTrace trace() {
    expect(JsonToken.START_OBJECT, "", "a trace object");
    String id = null;
    List<String> models = null;
    Integer blockSize = null;
    String scope = null;
    int toolTokens = 0;
    int systemTokens = 0;
    List<WekaEntry> requests = null;
    ObjectNode totals = null;
    Set<String> seen = new HashSet<>();
    String name;
    while ((name = p.nextName()) != null) {
      if (!seen.add(name)) {
        throw error(name, "duplicate key");
      }
      p.nextToken();
      switch (name) {
        case "id" -> id = requiredString(name);
        case "models" -> models = stringList(name, false);
        case "block_size" -> {
          blockSize = intValue(name);
          if (blockSize <= 0) {
            throw error(name, "must be > 0, got " + blockSize);
          }
        }
        case "hash_id_scope" -> {
          scope = requiredString(name);
          if (!scope.equals("local")) {
            throw error(name, "must be \"local\", got \"" + scope + "\"");
          }
        }
        case "tool_tokens" -> toolTokens = tokenCountOrZero(name);
        case "system_tokens" -> systemTokens = tokenCountOrZero(name);
        case "requests" -> requests = entries(name, true);
        case "totals" -> {
          if (p.currentToken() == JsonToken.VALUE_NULL) {
            totals = null;
          } else if (p.currentToken() == JsonToken.START_OBJECT) {
            // Totals are informational: kept as recorded, not validated.
            totals = (ObjectNode) TREE_READER.readValue(p);
          } else {
            throw error(name, "must be an object or null, got " + describe(p.currentToken()));
          }
        }
        default -> throw error(name, "unknown key (expected one of id, models, block_size, hash_id_scope, tool_tokens, "
            + "system_tokens, requests, totals)");
      }
    }
    require(id, "id");
    require(models, "models");
    require(blockSize, "block_size");
    require(scope, "hash_id_scope");
    require(requests, "requests");
    if (id.isBlank()) {
      throw error("id", "must not be blank");
    }
    return new WekaTrace(id, models, blockSize, scope, toolTokens, systemTokens, requests, totals);
  }

  private List<WekaEntry> entries(String path, boolean topLevel) {
    expect(JsonToken.START_ARRAY, path, "an array");
    List<WekaEntry> out = new ArrayList<>();
    Previous previous = new Previous();
    int i = 0;
    while (p.nextToken() != JsonToken.END_ARRAY) {
      WekaEntry e = entry(path + "[" + i + "]", topLevel, previous);
      if (e instanceof WekaRequest r && r.hashIds() == HashIds.EMPTY) {
        previous.ids = HashIds.EMPTY; // no hash_ids key: nothing to share with the next request
        previous.length = 0;
      }
      out.add(e);
      i++;
    }
    return out;
  }

  private WekaEntry entry(String path, boolean topLevel, Previous previous) {
    expect(JsonToken.START_OBJECT, path, "a request object");
    Double t = null;
    String type = null;
    String model = null;
    Integer in = null;
    Integer out = null;
    HashIds hashIds = HashIds.EMPTY;
    List<String> inputTypes = List.of();
    List<String> outputTypes = List.of();
    String stop = "";
    Double apiTime = null;
    Double thinkTime = null;
    Double ttft = null;
    String agentId = null;
    String subagentType = null;
    Double durationMs = null;
    Long totalTokens = null;
    Integer toolUseCount = null;
    String status = null;
    List<WekaEntry> inner = null;
    List<String> models = null;
    int toolTokens = 0;
    int systemTokens = 0;
    Set<String> seen = new HashSet<>();
    String name;
    while ((name = p.nextName()) != null) {
      String f = path + "." + name;
      if (!seen.add(name)) {
        throw error(f, "duplicate key");
      }
      p.nextToken();
      switch (name) {
        case "t" -> {
          t = doubleValue(f);
          if (t < 0) {
            throw error(f, "must be >= 0, got " + t);
          }
        }
        case "type" -> type = requiredString(f);
        case "model" -> model = requiredString(f);
        case "in" -> in = tokenCount(f);
        case "out" -> out = tokenCount(f);
        case "hash_ids" -> hashIds = hashIds(f, previous);
        case "input_types" -> inputTypes = stringList(f, true);
        case "output_types" -> outputTypes = stringList(f, true);
        case "stop" -> stop = p.currentToken() == JsonToken.VALUE_NULL ? "" : requiredString(f);
        case "api_time" -> apiTime = optionalNonNegativeDouble(f);
        case "think_time" -> thinkTime = optionalNonNegativeDouble(f);
        case "ttft" -> ttft = optionalNonNegativeDouble(f);
        case "agent_id" -> agentId = requiredString(f);
        case "subagent_type" -> subagentType = requiredString(f);
        case "duration_ms" -> durationMs = optionalNonNegativeDouble(f);
        case "total_tokens" -> totalTokens = optionalNonNegativeLong(f);
        case "tool_use_count" -> toolUseCount = p.currentToken() == JsonToken.VALUE_NULL ? null : nonNegativeInt(f);
        case "status" -> status = requiredString(f);
        case "requests" -> inner = entries(f, false);
        case "models" -> models = stringList(f, false);
        case "tool_tokens" -> toolTokens = tokenCountOrZero(f);
        case "system_tokens" -> systemTokens = tokenCountOrZero(f);
        default -> throw error(f, "unknown key");
      }
    }
    require(type, path + ".type");
    require(t, path + ".t");
    switch (type) {
      case "n", "s" -> {
        rejectKeys(path, seen, REQUEST_KEYS, "a request");
        require(model, path + ".model");
        require(in, path + ".in");
        require(out, path + ".out");
        return new WekaRequest(t, type, model, in, out, hashIds, inputTypes, outputTypes, stop, apiTime, thinkTime, ttft);
      }
      case "subagent" -> {
        if (!topLevel) {
          throw error(path + ".type", "a sub-agent's requests must be \"n\" or \"s\" requests, got a nested sub-agent");
        }
        rejectKeys(path, seen, SUBAGENT_KEYS, "a sub-agent entry");
        require(agentId, path + ".agent_id");
        require(subagentType, path + ".subagent_type");
        require(status, path + ".status");
        require(inner, path + ".requests");
        require(models, path + ".models");
        List<WekaRequest> reqs = new ArrayList<>(inner.size());
        double minT = Double.POSITIVE_INFINITY;
        for (WekaEntry e : inner) {
          WekaRequest r = (WekaRequest) e;
          reqs.add(r);
          minT = Math.min(minT, r.t());
        }
        // Older exports record inner times relative to the spawn (spec §2.1).
        boolean relative = minT < t - 1e-6;
        if (relative) {
          for (int k = 0; k < reqs.size(); k++) {
            reqs.set(k, reqs.get(k).withT(reqs.get(k).t() + t));
          }
        }
        return new WekaSubagent(t, agentId, subagentType, durationMs, totalTokens, toolUseCount, status, reqs, models,
            toolTokens, systemTokens, relative);
      }
      default -> throw error(path + ".type", "must be \"n\", \"s\"" + (topLevel ? " or \"subagent\"" : "") + ", got \"" + type + "\"");
    }
  }

  private void rejectKeys(String path, Set<String> seen, Set<String> allowed, String what) {
    for (String k : seen) {
      if (!allowed.contains(k)) {
        throw error(path + "." + k, "unknown key for " + what);
      }
    }
  }

  /** The full ids of the previous request of one list, to share prefixes with in linear time. */
  private static final class Previous {
    HashIds ids;
    int[] array = new int[0];
    int length;
  }

  private HashIds hashIds(String path, Previous previous) {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      previous.ids = HashIds.EMPTY;
      previous.length = 0;
      return HashIds.EMPTY;
    }
    expect(JsonToken.START_ARRAY, path, "an array of integers");
    int n = 0;
    JsonToken tok;
    while ((tok = p.nextToken()) != JsonToken.END_ARRAY) {
      if (tok != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
        throw error(path + "[" + n + "]", "must be an integer id, got " + describe(tok));
      }
      int v = p.getIntValue();
      if (v < 0) {
        throw error(path + "[" + n + "]", "must be >= 0, got " + v);
      }
      if (n == buffer.length) {
        buffer = Arrays.copyOf(buffer, n * 2);
      }
      buffer[n++] = v;
    }
    int lcp = 0;
    int max = Math.min(n, previous.length);
    while (lcp < max && previous.array[lcp] == buffer[lcp]) {
      lcp++;
    }
    HashIds ids = HashIds.extending(previous.ids, lcp, Arrays.copyOfRange(buffer, lcp, n));
    if (previous.array.length < n) {
      previous.array = new int[Math.max(n, previous.array.length * 2)];
    }
    System.arraycopy(buffer, 0, previous.array, 0, n);
    previous.length = n;
    previous.ids = ids;
    return ids;
  }

  private void expect(JsonToken token, String path, String what) {
    if (p.currentToken() != token) {
      throw error(path, "must be " + what + ", got " + describe(p.currentToken()));
    }
  }

  private static void require(Object value, String field, WekaTraceParser self) {
    if (value == null) {
      throw self.error(field, "missing required field");
    }
  }

  private void require(Object value, String field) {
    require(value, field, this);
  }

  private String requiredString(String path) {
    if (p.currentToken() != JsonToken.VALUE_STRING) {
      throw error(path, "must be a string, got " + describe(p.currentToken()));
    }
    return p.getString();
  }

  private List<String> stringList(String path, boolean nullable) {
    if (nullable && p.currentToken() == JsonToken.VALUE_NULL) {
      return List.of();
    }
    expect(JsonToken.START_ARRAY, path, "an array of strings");
    List<String> out = new ArrayList<>();
    JsonToken tok;
    while ((tok = p.nextToken()) != JsonToken.END_ARRAY) {
      if (tok != JsonToken.VALUE_STRING) {
        throw error(path + "[" + out.size() + "]", "must be a string, got " + describe(tok));
      }
      out.add(p.getString());
    }
    return out;
  }

  private int intValue(String path) {
    JsonToken tok = p.currentToken();
    if (tok != JsonToken.VALUE_NUMBER_INT) {
      throw error(path, "must be an integer, got " + describe(tok));
    }
    if (p.getNumberType() != JsonParser.NumberType.INT) {
      throw error(path, "integer out of range: " + p.getText());
    }
    return p.getIntValue();
  }

  private int nonNegativeInt(String path) {
    int v = intValue(path);
    if (v < 0) {
      throw error(path, "must be >= 0, got " + v);
    }
    return v;
  }

  /** A token count: an integer in [0, {@link #MAX_TOKENS}]. */
  private int tokenCount(String path) {
    JsonToken tok = p.currentToken();
    if (tok == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.INT && !p.getText().startsWith("-")) {
      throw error(path, "absurd token count " + p.getText() + " (more than " + MAX_TOKENS + ", above any model context)");
    }
    int v = nonNegativeInt(path);
    if (v > MAX_TOKENS) {
      throw error(path, "absurd token count " + v + " (more than " + MAX_TOKENS + ", above any model context)");
    }
    return v;
  }

  private int tokenCountOrZero(String path) {
    return p.currentToken() == JsonToken.VALUE_NULL ? 0 : tokenCount(path);
  }

  private Long optionalNonNegativeLong(String path) {
    JsonToken tok = p.currentToken();
    if (tok == JsonToken.VALUE_NULL) {
      return null;
    }
    if (tok != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      throw error(path, "must be an integer or null, got " + describe(tok));
    }
    long v = p.getLongValue();
    if (v < 0) {
      throw error(path, "must be >= 0, got " + v);
    }
    return v;
  }

  private double doubleValue(String path) {
    JsonToken tok = p.currentToken();
    if (tok != JsonToken.VALUE_NUMBER_INT && tok != JsonToken.VALUE_NUMBER_FLOAT) {
      throw error(path, "must be a number, got " + describe(tok));
    }
    double v = p.getDoubleValue();
    if (!Double.isFinite(v)) {
      throw error(path, "must be finite, got " + v);
    }
    return v;
  }

  private Double optionalNonNegativeDouble(String path) {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      return null;
    }
    double v = doubleValue(path);
    if (v < 0) {
      throw error(path, "must be >= 0, got " + v);
    }
    return v;
  }

  private String describe(JsonToken tok) {
    if (tok == null) {
      return "end of input";
    }
    return switch (tok) {
      case VALUE_STRING -> "the string \"" + p.getString() + "\"";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + p.getText();
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      case START_ARRAY -> "an array";
      case START_OBJECT -> "an object";
      default -> tok.toString();
    };
  }
}
