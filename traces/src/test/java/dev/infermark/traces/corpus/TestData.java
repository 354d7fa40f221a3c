package dev.infermark.traces.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.infermark.testdata.SharedData;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;

/** Shared test helpers: the read-only shared Weka data and the built-in word tokenizer. */
public final class TestData {
  private TestData() {}

  /** {@code shared/data/weka}, located relative to the module; skips the test when absent. */
  public static Path weka() {
    return SharedData.require("weka");
  }

  /** Every shared trace file, sorted. */
  public static List<Path> wekaFiles() {
    try (Stream<Path> s = Files.walk(weka())) {
      return s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every shared trace file, sorted; none (instead of skipping) when the shared data is absent. */
  public static List<Path> wekaFilesIfPresent() {
    return Files.isDirectory(SharedData.path("weka")) ? wekaFiles() : List.of();
  }

  /** A shared file by name, e.g. {@code kv-cache-tester/trace_0504.json}. */
  public static Path weka(String relative) {
    return weka().resolve(relative);
  }

  /** The built-in additive word tokenizer ({@code builtin:words}). */
  public static Tokenizer words() {
    return WordTokenizer.instance();
  }
}
