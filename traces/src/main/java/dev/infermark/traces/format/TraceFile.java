package dev.infermark.traces.format;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.infermark.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A dataset file (or folder) and the little of it that format detection reads: its first record, shallow (arrays
 * keep their first element, strings their first 256 characters, three levels deep), and its first line. A folder is
 * sampled through its first {@code *.json} or {@code *.jsonl} file. Nothing is read until asked, and once.
 */
public final class TraceFile {
  private static final int MAX_STRING = 256;
  private static final int MAX_DEPTH = 3;
  private static final int MAX_LINE = 1 << 16;

  private final Path path;
  private boolean sampled;
  private JsonNode first;
  private boolean array;
  private String line;
  private String invalid;

  public TraceFile(Path path) {
    this.path = path;
  }

  public Path path() {
    return path;
  }

  /** The file's name, for messages. */
  public String name() {
    return path.getFileName() == null ? path.toString() : path.getFileName().toString();
  }

  public boolean directory() {
    return Files.isDirectory(path);
  }

  /** A folder's files ending in {@code suffix}, sorted; empty for a file. */
  public List<Path> files(String suffix) {
    if (!directory()) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(path)) {
      return s.filter(p -> p.getFileName().toString().endsWith(suffix) && Files.isRegularFile(p)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * The first record, shallow: a JSON lines file's first line, a JSON document's top-level object or its top-level
   * array's first element; {@code null} when the file does not start with JSON (a CSV).
   */
  public JsonNode firstRecord() {
    sample();
    return first;
  }

  /** Whether the (first) file is one JSON array (a ShareGPT file). */
  public boolean topLevelArray() {
    sample();
    return array;
  }

  /** The (first) file's first non-blank line, at most 64 KiB of it, or {@code ""}. */
  public String firstLine() {
    sample();
    return line;
  }

  /**
   * Why the (first) file, which starts as JSON, is not: {@code FILE: invalid JSON: why}; {@code null} when it is JSON
   * or does not look like it.
   */
  public String invalidJson() {
    sample();
    return invalid;
  }

  /** Whether the first record has every one of these fields. */
  public boolean has(String... fields) {
    JsonNode r = firstRecord();
    if (r == null || !r.isObject()) {
      return false;
    }
    for (String f : fields) {
      if (!r.has(f)) {
        return false;
      }
    }
    return true;
  }

  private void sample() {
    if (sampled) {
      return;
    }
    sampled = true;
    Path file = path;
    if (directory()) {
      List<Path> json = files(".json");
      List<Path> jsonl = files(".jsonl");
      file = !json.isEmpty() ? json.getFirst() : !jsonl.isEmpty() ? jsonl.getFirst() : null;
      if (file == null) {
        line = "";
        return;
      }
    }
    if (!Files.isRegularFile(file)) {
      line = "";
      return;
    }
    line = readFirstLine(file);
    String head = line.stripLeading();
    if (!head.startsWith("{") && !head.startsWith("[")) {
      return;
    }
    try (InputStream in = Files.newInputStream(file); JsonParser p = Json.MAPPER.createParser(in)) {
      JsonToken t = p.nextToken();
      if (t == JsonToken.START_ARRAY) {
        array = true;
        t = p.nextToken();
        first = t == null || t == JsonToken.END_ARRAY ? null : shallow(p, 0);
      } else if (t != null) {
        first = shallow(p, 0);
      }
    } catch (JacksonException e) {
      first = null; // not JSON after all: the formats that read text decide
      invalid = file + ": invalid JSON: " + e.getOriginalMessage();
    } catch (IOException e) {
      first = null;
      invalid = file + ": unreadable: " + e.getMessage();
    }
  }

  private static String readFirstLine(Path file) {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      StringBuilder b = new StringBuilder();
      int c;
      while ((c = r.read()) >= 0 && b.length() < MAX_LINE) {
        if (c == '\n') {
          if (!b.toString().isBlank()) {
            break;
          }
          b.setLength(0);
          continue;
        }
        b.append((char) c);
      }
      return b.toString().strip();
    } catch (IOException | UncheckedIOException e) {
      return "";
    }
  }

  // The value at the parser's current token, arrays cut to their first element and strings to MAX_STRING.
  private static JsonNode shallow(JsonParser p, int depth) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    switch (p.currentToken()) {
      case START_OBJECT -> {
        ObjectNode o = f.objectNode();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
          String name = p.currentName();
          p.nextToken();
          if (depth < MAX_DEPTH) {
            o.set(name, shallow(p, depth + 1));
          } else {
            p.skipChildren();
            o.putNull(name);
          }
        }
        return o;
      }
      case START_ARRAY -> {
        ArrayNode a = f.arrayNode();
        boolean firstElement = true;
        while (p.nextToken() != JsonToken.END_ARRAY) {
          if (firstElement && depth < MAX_DEPTH) {
            a.add(shallow(p, depth + 1));
          } else {
            p.skipChildren();
          }
          firstElement = false;
        }
        return a;
      }
      case VALUE_STRING -> {
        String s = p.getString();
        return f.stringNode(s.length() > MAX_STRING ? s.substring(0, MAX_STRING) : s);
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        return p.currentToken() == JsonToken.VALUE_NUMBER_INT ? f.numberNode(p.getBigIntegerValue())
            : f.numberNode(p.getDecimalValue());
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return f.booleanNode(p.currentToken() == JsonToken.VALUE_TRUE);
      }
      default -> {
        return f.nullNode();
      }
    }
  }
}
