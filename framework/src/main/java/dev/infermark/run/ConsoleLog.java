package dev.infermark.run;

import java.io.PrintStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * One log style for everything infermark prints: what our classes log through
 * {@code System.Logger}/JUL under {@code dev.infermark} becomes one line with the same prefix as
 * the runner's own ({@code infermark: ...}, {@code infermark: WARNING ...}) instead of JUL's
 * two-line records. Only our loggers are touched: the user's logging configuration stays as it is.
 */
public final class ConsoleLog {
  /** Held strongly: JUL keeps loggers weakly, and a collected logger would forget this set-up. */
  private static final Logger OURS = Logger.getLogger("dev.infermark");

  private ConsoleLog() {}

  /** Sends our log records to {@code out} as single prefixed lines (INFO and above). */
  public static synchronized void install(PrintStream out) {
    for (Handler h : OURS.getHandlers()) {
      if (h instanceof OneLine) {
        OURS.removeHandler(h);
      }
    }
    OneLine handler = new OneLine(out);
    handler.setLevel(Level.INFO);
    OURS.addHandler(handler);
    OURS.setUseParentHandlers(false);
    if (OURS.getLevel() == null) {
      OURS.setLevel(Level.INFO);
    }
  }

  /** The line a record becomes: {@code infermark: [WARNING |ERROR ]message}. */
  static String line(LogRecord r) {
    String message = new SimpleFormatter().formatMessage(r);
    String level = r.getLevel().intValue() >= Level.SEVERE.intValue() ? "ERROR "
        : r.getLevel().intValue() >= Level.WARNING.intValue() ? "WARNING " : "";
    String cause = r.getThrown() == null ? "" : ": " + r.getThrown();
    return "infermark: " + level + message + cause;
  }

  private static final class OneLine extends Handler {
    private final PrintStream out;

    OneLine(PrintStream out) {
      this.out = out;
    }

    @Override
    public void publish(LogRecord r) {
      if (isLoggable(r)) {
        out.println(line(r));
        out.flush();
      }
    }

    @Override
    public void flush() {
      out.flush();
    }

    @Override
    public void close() {
      flush();
    }
  }
}
