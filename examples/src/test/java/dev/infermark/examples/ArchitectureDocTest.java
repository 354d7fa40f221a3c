package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md stays true to the code: every class it names in backticks ({@code `Name`},
 * {@code `Name.member`}, {@code `Name<T>`}, {@code `Name.method(...)`}) is declared in the source
 * tree (a top-level or nested type), or is one of the JDK's or JUnit's that it cites.
 */
class ArchitectureDocTest {
  private static final Path ROOT = Path.of("..");
  /** A backtick span that names a type: an upper-case identifier, then members, type arguments or a call. */
  private static final Pattern NAMED = Pattern.compile("`([A-Z][A-Za-z0-9]*)(?:[.#][A-Za-z0-9_.]*|<[^`]*>|\\([^`]*\\))*`");
  private static final Pattern FENCED = Pattern.compile("```.*?```", Pattern.DOTALL);
  private static final Pattern DECLARED = Pattern.compile("\\b(?:class|interface|enum|record|@interface)\\s+([A-Z]\\w*)");
  /** Where the others' classes it cites live. */
  private static final List<String> ELSEWHERE = List.of("java.lang.", "java.util.", "java.time.", "java.sql.",
      "java.net.http.", "org.junit.platform.engine.", "org.junit.platform.engine.support.discovery.",
      "org.junit.platform.launcher.", "org.junit.jupiter.engine.");

  /** Every type declared in the modules' sources (main, test, bench). */
  private static Set<String> declared() throws IOException {
    Set<String> names = new HashSet<>();
    try (Stream<Path> files = Files.walk(ROOT)) {
      files.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> ROOT.relativize(p).toString().contains("/src/"))
          .filter(p -> !ROOT.relativize(p).toString().matches("(\\.git|[^/]+/target)/.*"))
          .forEach(p -> {
            names.add(p.getFileName().toString().replace(".java", ""));
            try {
              Matcher m = DECLARED.matcher(Files.readString(p));
              while (m.find()) {
                names.add(m.group(1));
              }
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
    return names;
  }

  private static boolean elsewhere(String name) {
    for (String pkg : ELSEWHERE) {
      try {
        Class.forName(pkg + name, false, ArchitectureDocTest.class.getClassLoader());
        return true;
      } catch (ClassNotFoundException e) {
        // not there
      }
    }
    return false;
  }

  @Test
  void everyClassItNamesExists() throws IOException {
    String doc = FENCED.matcher(Files.readString(ROOT.resolve("ARCHITECTURE.md"))).replaceAll("");
    Set<String> named = new TreeSet<>();
    Matcher m = NAMED.matcher(doc);
    while (m.find()) {
      named.add(m.group(1));
    }
    assertThat(named).as("names found (the pattern still matches the document)").hasSizeGreaterThan(100)
        .contains("LoadGenerator", "HarnessContext", "RecordingClient");
    Set<String> declared = declared();
    assertThat(named.stream().filter(n -> !declared.contains(n) && !elsewhere(n)))
        .as("ARCHITECTURE.md names classes that do not exist; rename or drop them").isEmpty();
  }
}
