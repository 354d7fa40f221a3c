package dev.infermark.annotations.processing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index javac writes with the processor found on the class path through its
 * {@code META-INF/services} registration ({@code -proc:full}, no processor named), as users' builds find it.
 */
class ScenarioIndexerTest {
  @TempDir
  Path dir;

  private Path compile(Map<String, String> sources, Path out) throws IOException {
    Path src = dir.resolve("src");
    List<String> args = new ArrayList<>(List.of("-proc:full", "-d", out.toString(), "-cp",
        System.getProperty("java.class.path") + java.io.File.pathSeparator + out));
    for (var e : sources.entrySet()) {
      Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
      Files.createDirectories(f.getParent());
      Files.writeString(f, e.getValue());
      args.add(f.toString());
    }
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    int rc = ToolProvider.getSystemJavaCompiler().run(null, log, log, args.toArray(String[]::new));
    assertThat(rc).as(log.toString(StandardCharsets.UTF_8)).isZero();
    return out.resolve(ScenarioIndexer.INDEX);
  }

  private static List<String> entries(Path index) throws IOException {
    return Files.readAllLines(index).stream().filter(l -> !l.startsWith("#")).toList();
  }

  @Test
  void listsEveryScenarioClassByBinaryNameSorted() throws IOException {
    Path index = compile(Map.of(
        "p.Chat", "package p; @dev.infermark.annotations.Scenario(name = \"chat\") public class Chat {}",
        "p.Outer", "package p; public class Outer { @dev.infermark.annotations.Scenario public static class Inner {} }",
        "a.Plain", "package a; public class Plain {}"), dir.resolve("out"));
    assertThat(Files.readAllLines(index).getFirst()).isEqualTo(ScenarioIndexer.HEADER);
    assertThat(entries(index)).containsExactly("p.Chat", "p.Outer$Inner");
  }

  @Test
  void aCompilationWithoutScenariosGetsAnEmptyIndexSoItsOutputIsNeverScanned() throws IOException {
    Path index = compile(Map.of("a.Plain", "package a; public class Plain {}"), dir.resolve("out"));
    assertThat(index).exists();
    assertThat(entries(index)).isEmpty();
  }

  @Test
  void anIncrementalCompilationKeepsTheEntriesThatStillHold() throws IOException {
    Path out = dir.resolve("out");
    compile(Map.of(
        "p.A", "package p; @dev.infermark.annotations.Scenario public class A {}",
        "p.B", "package p; @dev.infermark.annotations.Scenario public class B {}",
        "p.C", "package p; @dev.infermark.annotations.Scenario public class C {}"), out);
    Files.delete(out.resolve("p/C.class")); // C's source was deleted
    // an IDE recompiles B alone, which is no longer a scenario, and adds D
    Path index = compile(Map.of(
        "p.B", "package p; public class B {}",
        "p.D", "package p; @dev.infermark.annotations.Scenario public class D {}"), out);
    assertThat(entries(index)).containsExactly("p.A", "p.D");
  }
}
