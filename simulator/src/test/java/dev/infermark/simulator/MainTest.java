package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

class MainTest {
  @Test
  void optionsMapOntoSimulatorSettings() {
    Map<String, String> v = Main.parse(new String[] {"--port", "9000", "--profile=llama-70b-8xh100", "--model", "m",
        "--max-num-seqs", "512"});
    assertThat(v).containsEntry("simulator-port", "9000").containsEntry("simulator-profile", "llama-70b-8xh100")
        .containsEntry("simulator-served-model-name", "m").containsEntry("simulator-max-num-seqs", "512")
        .containsEntry("simulator-host", "0.0.0.0");
    assertThat(Main.parse(new String[] {"--help"})).isNull();
  }

  @Test
  void badOptionsAreNamed() {
    assertThatThrownBy(() -> Main.parse(new String[] {"--prot", "1"})).hasMessageContaining("--prot");
    assertThatThrownBy(() -> Main.parse(new String[] {"--port"})).hasMessageContaining("needs a value");
    assertThatThrownBy(() -> Main.parse(new String[] {"--max-num-seqs", "many"}))
        .hasMessageContaining("infermark.simulator-max-num-seqs");
  }

  @Test
  void helpListsEveryOption() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Main.usage(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String help = bytes.toString(StandardCharsets.UTF_8);
    for (var k : SimulatorKeys.all()) {
      assertThat(help).contains("--" + k.name().substring(SimulatorKeys.PREFIX.length()) + " ");
    }
  }
}
