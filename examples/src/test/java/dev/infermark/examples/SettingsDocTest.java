package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.SettingsDoc;

/** docs/settings.md is generated from every module's key catalog and must match the code. */
class SettingsDocTest {
  @Test
  void settingsReferenceIsUpToDate() throws IOException {
    Path doc = Path.of("../docs/settings.md");
    String expected = SettingsDoc.render(getClass().getClassLoader());
    if (Boolean.getBoolean("docs.update")) {
      Files.writeString(doc, expected);
    }
    assertThat(Files.exists(doc)).as("docs/settings.md exists").isTrue();
    assertThat(Files.readString(doc))
        .as("docs/settings.md is stale: run mvn -q -pl examples -am test -Dtest=SettingsDocTest -Dsurefire.failIfNoSpecifiedTests=false -Ddocs.update=true")
        .isEqualTo(expected);
  }
}
