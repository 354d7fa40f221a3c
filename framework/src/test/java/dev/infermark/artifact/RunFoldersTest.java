package dev.infermark.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFoldersTest {
  @TempDir
  Path artifacts;

  private static final Instant T = Instant.parse("2026-12-01T23:35:07Z");

  @Test
  void eachRunGetsANewTimestampedFolderAndNoneIsReused() throws IOException {
    Path a = RunFolders.next(artifacts, "chat", "-n=1", T);
    assertThat(a).isEqualTo(artifacts.resolve("chat/20261201T233507Z-n=1").toAbsolutePath());
    Files.createDirectories(a);
    Path b = RunFolders.next(artifacts, "chat", "-n=1", T);
    assertThat(b.getFileName().toString()).isEqualTo("20261201T233507Z-n=1-2");
    Files.createDirectories(b);
    assertThat(RunFolders.next(artifacts, "chat", "-n=1", T).getFileName().toString()).isEqualTo("20261201T233507Z-n=1-3");
    assertThat(RunFolders.next(artifacts, "chat", "", T.plusSeconds(1)).getFileName().toString()).isEqualTo("20261201T233508Z");
  }

  @Test
  void latestPointsAtTheLastRunMarked() throws IOException {
    Path a = Files.createDirectories(RunFolders.next(artifacts, "chat", "", T));
    Files.writeString(a.resolve("f.json"), "a");
    RunFolders.markLatest(a);
    assertThat(Files.readString(artifacts.resolve("chat/latest/f.json"))).isEqualTo("a");
    Path b = Files.createDirectories(RunFolders.next(artifacts, "chat", "", T.plusSeconds(60)));
    Files.writeString(b.resolve("f.json"), "b");
    RunFolders.markLatest(b);
    assertThat(Files.readString(artifacts.resolve("chat/latest/f.json"))).isEqualTo("b");
    assertThat(Files.readSymbolicLink(artifacts.resolve("chat/latest"))).isEqualTo(b.getFileName());
    assertThat(RunFolders.latest(artifacts.resolve("chat"))).contains(b);
    assertThat(Files.readString(a.resolve("f.json"))).isEqualTo("a"); // the earlier run is untouched
    assertThat(RunFolders.all(artifacts)).containsExactly(a, b);
  }

  @Test
  void aLatestTextFileIsReadToo() throws IOException {
    Path a = Files.createDirectories(artifacts.resolve("chat/20261201T233507Z"));
    Files.writeString(artifacts.resolve("chat/latest"), "20261201T233507Z\n");
    assertThat(RunFolders.latest(artifacts.resolve("chat"))).contains(a);
  }
}
