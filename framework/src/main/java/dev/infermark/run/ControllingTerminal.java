package dev.infermark.run;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The terminal the process was started from ({@code /dev/tty}), written to directly when standard
 * output may be read by nobody any more: Maven returns at once on Ctrl+C, while its forked test JVM
 * is still writing the cancelled run's artifacts, so that JVM says where they are here. Without a
 * controlling terminal (CI, an IDE) nothing is written.
 */
public final class ControllingTerminal {
  /** Where to write instead of {@code /dev/tty} (tests): the system property {@value}. */
  public static final String DEVICE_PROPERTY = "dev.infermark.tty";

  private ControllingTerminal() {}

  /** Writes {@code line} to the controlling terminal; returns whether it could. */
  public static boolean tell(String line) {
    Path device = Path.of(System.getProperty(DEVICE_PROPERTY, "/dev/tty"));
    try (Writer w = Files.newBufferedWriter(device, StandardCharsets.UTF_8, StandardOpenOption.WRITE,
        StandardOpenOption.APPEND)) {
      w.write(line + System.lineSeparator());
      return true;
    } catch (IOException | UnsupportedOperationException | SecurityException noTerminal) {
      return false;
    }
  }
}
