package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioClassPathTest {
  @TempDir
  Path tmp;

  @Test
  void jarsFoldersAndWildcardsInOrder() throws IOException {
    Path own = Files.createFile(tmp.resolve("own.jar"));
    Path classes = Files.createDirectory(tmp.resolve("classes"));
    Path lib = Files.createDirectory(tmp.resolve("lib"));
    Path b = Files.createFile(lib.resolve("b.jar"));
    Path a = Files.createFile(lib.resolve("a.jar"));
    Files.createFile(lib.resolve("notes.txt"));

    List<Path> entries = ScenarioClassPath.entries(new String[] {"profile", "--scenario-jar", own.toString(), "--url",
        "x:1", "--classpath=" + classes + File.pathSeparator + lib + File.separator + "*"});

    assertThat(entries).containsExactly(own, classes, a, b);
  }

  @Test
  void aMissingEntryOrValueIsAnError() {
    assertThatThrownBy(() -> ScenarioClassPath.entries(new String[] {"profile", "--scenario-jar", tmp.resolve("nope.jar").toString()}))
        .hasMessageContaining("--scenario-jar " + tmp.resolve("nope.jar") + ": no such file or folder");
    assertThatThrownBy(() -> ScenarioClassPath.entries(new String[] {"list", "-cp"})).hasMessage("-cp needs a value");
  }

  @Test
  void noEntriesKeepTheParentLoader() {
    ClassLoader parent = getClass().getClassLoader();
    assertThat(ScenarioClassPath.loader(List.of(), parent)).isSameAs(parent);
    assertThat(ScenarioClassPath.loader(List.of(tmp), parent).getParent()).isSameAs(parent);
  }
}
