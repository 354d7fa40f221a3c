package dev.infermark.agentperf.trajectory;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.JsonValues;
import dev.infermark.json.Json;
import dev.infermark.tokenizer.Tokenizer;
import tools.jackson.databind.JsonNode;

/**
 * Trajectories read from a JSONL file, one turn (one request) per line, with the full OpenAI
 * messages of that request (format in {@code docs/agentperf.md}). Loaded whole, with messages
 * repeated across a trajectory's lines stored once.
 *
 * <p>Tool calling is replayed as recorded: an assistant's {@code tool_calls}, a {@code tool}
 * message's {@code tool_call_id} and any message's {@code name} are kept and sent in OpenAI's form,
 * and a line's {@code tool_definitions} go out as the request's {@code tools}.
 */
public final class JsonlTrajectories implements TrajectorySource {
  private static final Set<String> FIELDS = Set.of("trajectory_id", "turn", "messages", "tools", "target_output_tokens",
      "simulated_tool_delay_ms_after", "language", "input_tokens", "tool_definitions");

  /** A message stored once per trajectory, with its token count. */
  private record Counted(ChatMessage message, int tokens) {}

  /** Tool definitions stored once per trajectory, with the token count of their JSON. */
  private record CountedTools(List<Object> definitions, int tokens) {}

  private final Path file;
  private final List<Trajectory> trajectories;

  private JsonlTrajectories(Path file, List<Trajectory> trajectories) {
    this.file = file;
    this.trajectories = List.copyOf(trajectories);
  }

  /**
   * Loads {@code file}; turns without {@code input_tokens} are counted with {@code tokenizer} and
   * trajectories are truncated to {@code maxInputTokens} (dropped when their first turn does not fit).
   *
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException naming the file, line and field of bad input
   */
  public static JsonlTrajectories load(Path file, Tokenizer tokenizer, int maxInputTokens) throws IOException {
    Map<String, TreeMap<Integer, Turn>> byId = new LinkedHashMap<>();
    Map<String, String> languages = new HashMap<>();
    Map<String, Map<ChatMessage, Counted>> shared = new HashMap<>();
    Map<String, Map<JsonNode, CountedTools>> sharedTools = new HashMap<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int lineNo = 0;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        String where = file + " line " + lineNo;
        JsonNode row;
        try {
          row = Json.parse(line);
        } catch (RuntimeException e) {
          throw new IllegalArgumentException(where + ": not valid JSON: " + e.getMessage(), e);
        }
        if (!row.isObject()) {
          throw new IllegalArgumentException(where + ": expected a JSON object");
        }
        for (String name : row.propertyNames()) {
          if (!FIELDS.contains(name)) {
            throw new IllegalArgumentException(where + ": unknown field '" + name + "' (known: " + FIELDS + ")");
          }
        }
        String id = text(row, "trajectory_id", where);
        int turnIndex = integer(row, "turn", where, null);
        Map<ChatMessage, Counted> tokens = shared.computeIfAbsent(id, k -> new HashMap<>());
        List<ChatMessage> messages = messages(row.get("messages"), where, tokens, tokenizer);
        List<String> tools = new ArrayList<>();
        JsonNode t = row.get("tools");
        if (t != null && !t.isNull()) {
          if (!t.isArray()) {
            throw new IllegalArgumentException(where + ": field 'tools' must be an array of tool names");
          }
          for (JsonNode n : t) {
            tools.add(n.isString() ? n.asString() : n.path("name").asString(n.path("function").path("name").asString("?")));
          }
        }
        Integer target = row.has("target_output_tokens") && !row.get("target_output_tokens").isNull()
            ? integer(row, "target_output_tokens", where, null) : null;
        long delayMs = integer(row, "simulated_tool_delay_ms_after", where, 0);
        if (delayMs < 0) {
          throw new IllegalArgumentException(where + ": field 'simulated_tool_delay_ms_after' must be >= 0");
        }
        CountedTools defs = null;
        JsonNode d = row.get("tool_definitions");
        if (d != null && !d.isNull()) {
          if (!d.isArray() || !d.valueStream().allMatch(JsonNode::isObject)) {
            throw new IllegalArgumentException(where + ": field 'tool_definitions' must be an array of OpenAI tool objects");
          }
          // Usually the same on every line of a trajectory: keep one copy and count it once.
          defs = sharedTools.computeIfAbsent(id, k -> new HashMap<>())
              .computeIfAbsent(d, k -> new CountedTools(JsonValues.array((List<?>) Json.plain(k)), tokenizer.count(k.toString())));
        }
        int defTokens = defs == null ? 0 : defs.tokens();
        Integer inputTokens = row.has("input_tokens") ? Integer.valueOf(integer(row, "input_tokens", where, null))
            : Integer.valueOf(messages.stream().mapToInt(m -> tokens.get(m).tokens()).sum() + defTokens);
        if (row.has("language") && !row.get("language").isNull()) {
          languages.putIfAbsent(id, row.get("language").asString());
        }
        Turn turn = new Turn(messages, tools, target, Duration.ofMillis(delayMs), inputTokens,
            defs == null ? null : defs.definitions());
        if (byId.computeIfAbsent(id, k -> new TreeMap<>()).putIfAbsent(turnIndex, turn) != null) {
          throw new IllegalArgumentException(where + ": trajectory '" + id + "' has turn " + turnIndex + " twice");
        }
      }
    }
    List<Trajectory> out = new ArrayList<>();
    for (Map.Entry<String, TreeMap<Integer, Turn>> e : byId.entrySet()) {
      TreeMap<Integer, Turn> turns = e.getValue();
      if (turns.firstKey() != 0 || turns.lastKey() != turns.size() - 1) {
        throw new IllegalArgumentException(file + ": trajectory '" + e.getKey() + "' must have turns 0.." + (turns.size() - 1)
            + " without gaps, has " + turns.keySet());
      }
      new Trajectory(e.getKey(), languages.get(e.getKey()), new ArrayList<>(turns.values()))
          .truncatedTo(maxInputTokens).ifPresent(out::add);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(file + ": no trajectory whose first turn fits " + maxInputTokens + " tokens");
    }
    return new JsonlTrajectories(file, out);
  }

  private static List<ChatMessage> messages(JsonNode node, String where, Map<ChatMessage, Counted> shared, Tokenizer tokenizer) {
    if (node == null || !node.isArray() || node.isEmpty()) {
      throw new IllegalArgumentException(where + ": field 'messages' must be a non-empty array of OpenAI messages");
    }
    List<ChatMessage> out = new ArrayList<>(node.size());
    int i = 0;
    for (JsonNode m : node) {
      String at = where + " messages[" + i++ + "]";
      if (!m.isObject()) {
        throw new IllegalArgumentException(at + ": must be an object");
      }
      String role = m.path("role").asString("");
      JsonNode calls = m.get("tool_calls");
      if (calls != null && (calls.isNull() || calls.isArray() && calls.isEmpty())) {
        calls = null; // an empty list is no call (OpenAI rejects an empty tool_calls)
      }
      if (calls != null && (!"assistant".equals(role) || !calls.isArray() || !calls.valueStream().allMatch(JsonNode::isObject))) {
        throw new IllegalArgumentException(at + ": field 'tool_calls' must be an array of objects on an assistant message");
      }
      String mapped = switch (role) {
        case "system", "developer" -> "system";
        case "user", "assistant", "tool" -> role;
        default -> throw new IllegalArgumentException(at + ": unknown role '" + role + "'");
      };
      String content = contentText(m.get("content"), at);
      if (content == null && calls == null) {
        content = ""; // only an assistant message that calls tools is sent with null content
      }
      ChatMessage msg = new ChatMessage(mapped, content, calls == null ? null : Json.plainObjects(calls),
          optionalText(m, "tool_call_id", at), optionalText(m, "name", at));
      // Messages repeat on every later line of the trajectory: keep one copy and count it once.
      out.add(shared.computeIfAbsent(msg, k -> new Counted(k, tokenizer.count(countedText(k)))).message());
    }
    return out;
  }

  /** The text a message's prompt tokens are estimated from: its content and its calls' names and arguments. */
  private static String countedText(ChatMessage m) {
    StringBuilder b = new StringBuilder(m.content() == null ? "" : m.content());
    if (m.toolCalls() != null) {
      for (Map<String, Object> call : m.toolCalls()) {
        Map<?, ?> fn = call.get("function") instanceof Map<?, ?> f ? f : Map.of();
        b.append('\n').append(text(fn.get("name"))).append(' ').append(text(fn.get("arguments")));
      }
    }
    return b.toString();
  }

  /** A JSON scalar as text ({@code asString} of a node); empty for null or a container. */
  private static String text(Object v) {
    return v == null || v instanceof Map || v instanceof List ? "" : v.toString();
  }

  private static String optionalText(JsonNode m, String field, String at) {
    JsonNode n = m.get(field);
    if (n == null || n.isNull()) {
      return null;
    }
    if (!n.isString()) {
      throw new IllegalArgumentException(at + ": field '" + field + "' must be a string");
    }
    return n.asString();
  }

  /** The content as text, or {@code null} when absent or null. */
  private static String contentText(JsonNode c, String at) {
    if (c == null || c.isNull()) {
      return null;
    }
    if (c.isString()) {
      return c.asString();
    }
    if (c.isArray()) {
      StringBuilder b = new StringBuilder();
      for (JsonNode part : c) {
        if (!"text".equals(part.path("type").asString(""))) {
          throw new IllegalArgumentException(at + ": only text content parts are supported, got type '"
              + part.path("type").asString("") + "'");
        }
        b.append(part.path("text").asString(""));
      }
      return b.toString();
    }
    throw new IllegalArgumentException(at + ": field 'content' must be a string, an array of text parts or null");
  }

  private static String text(JsonNode row, String field, String where) {
    JsonNode n = row.get(field);
    if (n == null || !n.isString() || n.asString().isBlank()) {
      throw new IllegalArgumentException(where + ": field '" + field + "' must be a non-empty string");
    }
    return n.asString();
  }

  private static int integer(JsonNode row, String field, String where, Integer dflt) {
    JsonNode n = row.get(field);
    if (n == null || n.isNull()) {
      if (dflt == null) {
        throw new IllegalArgumentException(where + ": field '" + field + "' is required");
      }
      return dflt;
    }
    if (!n.isIntegralNumber() || !n.canConvertToInt()) {
      throw new IllegalArgumentException(where + ": field '" + field + "' must be a whole number, got " + n);
    }
    return n.asInt();
  }

  @Override
  public int size() {
    return trajectories.size();
  }

  @Override
  public Trajectory get(int index) {
    return trajectories.get(index);
  }

  @Override
  public String describe() {
    return "trajectory file " + file + " (" + trajectories.size() + " trajectories)";
  }
}
