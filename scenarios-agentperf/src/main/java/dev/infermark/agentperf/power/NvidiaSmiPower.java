package dev.infermark.agentperf.power;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Polls {@code nvidia-smi} (or any command with its output shape): one CSV line per accelerator,
 * the accelerator's index first, then one or more power columns in watts, which are summed (query
 * the GPU and the memory power columns where the driver reports both). {@code [N/A]} columns are
 * skipped; a line without any number gives no reading for that accelerator.
 */
public final class NvidiaSmiPower extends PolledPower {
  private static final long COMMAND_TIMEOUT_S = 10;

  private final List<String> command;

  public NvidiaSmiPower(List<String> command, Duration interval, Consumer<String> logger) {
    super("nvidia-smi", interval, logger);
    if (command.isEmpty() || command.get(0).isBlank()) {
      throw new IllegalArgumentException("infermark.power-command is empty");
    }
    this.command = List.copyOf(command);
  }

  /** Runs the command once and parses its output. */
  @Override
  Map<String, Double> readOnce() throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(COMMAND_TIMEOUT_S, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(command.get(0) + " did not finish within " + COMMAND_TIMEOUT_S + " s");
    }
    if (p.exitValue() != 0) {
      throw new IOException(command.get(0) + " exited with status " + p.exitValue());
    }
    return parse(new String(out, StandardCharsets.UTF_8));
  }

  /** Parses {@code index, watts[, watts...]} lines. */
  static Map<String, Double> parse(String output) {
    Map<String, Double> watts = new TreeMap<>();
    for (String line : output.split("\n")) {
      String[] cols = line.split(",");
      if (cols.length < 2 || cols[0].isBlank()) {
        continue;
      }
      double sum = 0;
      boolean any = false;
      for (int i = 1; i < cols.length; i++) {
        String c = cols[i].trim().replace(" W", "");
        try {
          sum += Double.parseDouble(c);
          any = true;
        } catch (NumberFormatException notANumber) {
          // [N/A], [Not Supported]: this column has no reading.
        }
      }
      if (any) {
        watts.put(cols[0].trim(), sum);
      }
    }
    return watts;
  }

  @Override
  public String describe() {
    return "nvidia-smi: " + String.join(" ", command);
  }
}
