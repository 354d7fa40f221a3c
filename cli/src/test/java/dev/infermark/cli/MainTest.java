package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.junit.jupiter.api.Test;

/** The command tree is built for the command at hand: one command's run makes no other. */
class MainTest {
  private static final PrintStream NOWHERE = new PrintStream(new ByteArrayOutputStream());

  @Test
  void aCommandLineNamingACommandBuildsThatCommandAlone() {
    assertThat(Main.commandLine(NOWHERE, NOWHERE, "profile").getSubcommands()).containsOnlyKeys("profile");
    assertThat(Main.commandLine(NOWHERE, NOWHERE, "list").getSubcommands()).containsOnlyKeys("list");
  }

  @Test
  void helpADidYouMeanAndCompletionSeeEveryCommand() {
    String[] all = {"list", "describe", "report", "compare", "merge", "k8s", "completion", "profile", "simulator"};
    assertThat(Main.commandLine(NOWHERE, NOWHERE, "--help").getSubcommands().keySet()).containsExactly(all);
    assertThat(Main.commandLine(NOWHERE, NOWHERE, "profil").getSubcommands().keySet()).containsExactly(all);
    assertThat(Main.commandLine(NOWHERE, NOWHERE, "completion").getSubcommands().keySet()).containsExactly(all);
  }
}
