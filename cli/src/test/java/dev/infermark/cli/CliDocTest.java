package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.SettingsRegistry;

/** docs/cli.md's table of AIPerf's options is generated from the flag list and the key catalogs. */
class CliDocTest {
  private static final String START = "<!-- aiperf-flags:start (generated; regenerate with "
      + "mvn -q -pl cli -am test -Dtest=CliDocTest -Dsurefire.failIfNoSpecifiedTests=false -Ddocs.update=true) -->\n";
  private static final String END = "<!-- aiperf-flags:end -->";

  @Test
  void theAiperfFlagTableIsUpToDate() throws IOException {
    Path doc = Path.of("../docs/cli.md");
    String text = Files.readString(doc);
    AiperfFlags aiperf = AiperfFlags.load();
    String expected = aiperf.markdown(new SettingFlags(SettingsRegistry.catalogs(getClass().getClassLoader()), aiperf),
        ProfileCommand.ALREADY_SO);
    int start = text.indexOf(START);
    int end = text.indexOf(END);
    assertThat(start).as("docs/cli.md has the start marker " + START).isNotNegative();
    assertThat(end).as("docs/cli.md has the end marker").isGreaterThan(start);
    String updated = text.substring(0, start + START.length()) + expected + text.substring(end);
    if (Boolean.getBoolean("docs.update")) {
      Files.writeString(doc, updated);
    }
    assertThat(text).as("docs/cli.md is stale: run mvn -q -pl cli -am test -Dtest=CliDocTest "
        + "-Dsurefire.failIfNoSpecifiedTests=false -Ddocs.update=true").isEqualTo(updated);
  }
}
