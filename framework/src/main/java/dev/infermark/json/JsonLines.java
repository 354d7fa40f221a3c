package dev.infermark.json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The one JSONL reader: each non-blank line parsed with {@link Json#MAPPER} and handed on, in file
 * order. A line is bad when it is not JSON (a truncated last line, as a crash leaves it, included)
 * or when the handler rejects it with an {@link IllegalArgumentException}; the {@link Policy} says
 * what then happens. A file that cannot be read at all is always an error.
 */
public final class JsonLines {
  /** What a bad line does. */
  public enum Policy {
    /** Stops the read: an error naming the file and the line. */
    STRICT,
    /** Skips the line and goes on; the lines skipped are counted in the result. */
    TOLERANT,
    /**
     * A journal that a crash may have cut short: a bad last line (the one a {@code kill -9} tears
     * mid-write) is skipped and counted; a bad line with lines after it stops the read, as
     * {@link #STRICT} does, since no crash leaves one there.
     */
    TORN_TAIL
  }

  /**
   * What a tolerant read passed over.
   *
   * @param lines how many lines were skipped
   * @param first the first of them, {@code line N: why} (the reason's first line), or {@code null}
   */
  public record Skipped(int lines, String first) {
    static final Skipped NONE = new Skipped(0, null);

    /** A note for a report: {@code name: N unreadable line(s) skipped (first at line N: why)}, or {@code null} when none. */
    public String note(String name) {
      return lines == 0 ? null : name + ": " + lines + " unreadable line(s) skipped (first at " + first + ")";
    }
  }

  private JsonLines() {}

  /**
   * Reads every line of {@code file} into {@code handler}.
   *
   * @return the lines skipped ({@link Policy#TOLERANT}; at most the last under {@link Policy#TORN_TAIL}; none under
   *     {@link Policy#STRICT})
   * @throws UncheckedIOException when the file cannot be read, or (strict; torn tail: before the last line) naming
   *     the file and the first bad line
   */
  public static Skipped read(Path file, Policy policy, Consumer<JsonNode> handler) {
    return readNumbered(file, policy, (line, node) -> handler.accept(node));
  }

  /** A handler told each line's number (from 1) with its JSON. */
  @FunctionalInterface
  public interface Numbered {
    void accept(int line, JsonNode node);
  }

  /** {@link #read(Path, Policy, Consumer)}, the handler told each line's number. */
  public static Skipped readNumbered(Path file, Policy policy, Numbered handler) {
    int bad = 0;
    String first = null;
    UncheckedIOException torn = null; // TORN_TAIL: a bad line, fatal unless it turns out to be the last
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int n = 0;
      while ((line = in.readLine()) != null) {
        n++;
        if (line.isBlank()) {
          continue;
        }
        if (torn != null) {
          throw torn;
        }
        try {
          handler.accept(n, Json.MAPPER.readTree(line));
        } catch (JacksonException | IllegalArgumentException e) {
          String why = e instanceof JacksonException j ? "not valid JSON: " + j.getOriginalMessage() : e.getMessage();
          UncheckedIOException stop = new UncheckedIOException(new IOException(file + " line " + n + ": " + why, e));
          if (policy == Policy.STRICT) {
            throw stop;
          }
          if (policy == Policy.TORN_TAIL) {
            torn = stop;
          }
          if (bad++ == 0) {
            first = "line " + n + ": " + firstLine(why);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    return bad == 0 ? Skipped.NONE : new Skipped(bad, first);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
