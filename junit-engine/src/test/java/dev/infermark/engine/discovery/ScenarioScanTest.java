package dev.infermark.engine.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.annotations.processing.ScenarioIndexer;

/**
 * Which class path elements are read from their index and which are scanned: scenario classes
 * compiled here with the processor (an index) and without it (none), in folders and jars.
 */
class ScenarioScanTest {
  @TempDir
  Path tmp;

  /** Compiles one {@code @Scenario} class per name into {@code out}; {@code indexed}: with the processor. */
  private Path compile(String folder, boolean indexed, String... names) throws IOException {
    Path out = tmp.resolve(folder);
    Path src = tmp.resolve(folder + "-src");
    List<String> args = new ArrayList<>(List.of(indexed ? "-proc:full" : "-proc:none", "-d", out.toString(),
        "-cp", System.getProperty("java.class.path")));
    for (String n : names) {
      String type = "S" + n.replace("-", "");
      Path f = src.resolve("scan/" + folder + "/" + type + ".java");
      Files.createDirectories(f.getParent());
      Files.writeString(f, "package scan." + folder + "; @dev.infermark.annotations.Scenario(name = \"" + n
          + "\") public class " + type + " {}");
      args.add(f.toString());
    }
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    assertThat(ToolProvider.getSystemJavaCompiler().run(null, log, log, args.toArray(String[]::new)))
        .as(log.toString(StandardCharsets.UTF_8)).isZero();
    if (indexed) {
      assertThat(out.resolve(ScenarioIndexer.INDEX)).exists();
    }
    return out;
  }

  private Path jar(Path folder) throws IOException {
    Path jar = tmp.resolve(folder.getFileName() + ".jar");
    try (OutputStream f = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(f);
        Stream<Path> files = Files.walk(folder)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(folder.relativize(p).toString().replace('\\', '/')));
        out.write(Files.readAllBytes(p));
        out.closeEntry();
      }
    }
    return jar;
  }

  /** The names found among this test's own scenarios (the test class path has others). */
  private static List<String> found(Collection<Path> path, Collection<Path> named) throws IOException {
    URL[] urls = path.stream().map(p -> {
      try {
        return p.toUri().toURL();
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }).toArray(URL[]::new);
    try (URLClassLoader loader = new URLClassLoader(urls, ScenarioScanTest.class.getClassLoader())) {
      Map<String, List<Class<?>>> all = ScenarioScan.byName(loader, named);
      return all.keySet().stream().filter(n -> n.startsWith("scan-")).toList();
    }
  }

  @Test
  void anIndexedFolderIsReadNotScanned() throws IOException {
    Path folder = compile("indexed", true, "scan-a");
    compile("indexed", false, "scan-late"); // compiled into it later without the processor: not in its index
    assertThat(found(List.of(folder), List.of())).containsExactly("scan-a");
  }

  @Test
  void aFolderWithoutAnIndexIsScanned() throws IOException {
    Path folder = compile("plain", false, "scan-b", "scan-c");
    assertThat(folder.resolve(ScenarioIndexer.INDEX)).doesNotExist();
    assertThat(found(List.of(folder), List.of())).containsExactly("scan-b", "scan-c");
  }

  @Test
  void aJarIsReadFromItsIndexAndOneWithoutIsScannedOnlyWhenNamed() throws IOException {
    Path indexed = jar(compile("jarindexed", true, "scan-d"));
    Path plain = jar(compile("jarplain", false, "scan-e"));
    assertThat(found(List.of(indexed, plain), List.of())).containsExactly("scan-d");
    assertThat(found(List.of(indexed, plain), List.of(plain))).containsExactly("scan-d", "scan-e");
  }

  @Test
  void aPackagePrivateScenarioIsNotFoundByNameIndexedOrScanned() throws IOException {
    for (boolean indexed : List.of(true, false)) {
      String folder = indexed ? "hidden" : "hiddenplain";
      Path out = compile(folder, indexed, "scan-g");
      Path src = tmp.resolve(folder + "-src/scan/" + folder + "/Hidden.java");
      Files.writeString(src, "package scan." + folder + "; class Hidden { @dev.infermark.annotations.Scenario(name = "
          + "\"scan-g\") static class Chat {} }");
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      assertThat(ToolProvider.getSystemJavaCompiler().run(null, log, log, indexed ? "-proc:full" : "-proc:none", "-d",
          out.toString(), "-cp", System.getProperty("java.class.path") + java.io.File.pathSeparator + out, src.toString()))
          .as(log.toString(StandardCharsets.UTF_8)).isZero();
      if (indexed) {
        assertThat(Files.readString(out.resolve(ScenarioIndexer.INDEX))).contains("Hidden$Chat");
      }
      try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader())) {
        assertThat(ScenarioScan.byName(loader, List.of()).get("scan-g")).as(folder).singleElement()
            .extracting(Class::getSimpleName).isEqualTo("Sscang");
      }
    }
  }

  @Test
  void indexEntriesThatAreNoScenarioAreSkipped() throws IOException {
    Path folder = compile("stale", true, "scan-f");
    Files.writeString(folder.resolve(ScenarioIndexer.INDEX), "# hand-edited\nscan.stale.Sscanf\nscan.stale.Gone\n"
        + ScenarioScanTest.class.getName() + "\n");
    assertThat(found(List.of(folder), List.of())).containsExactly("scan-f");
  }
}
