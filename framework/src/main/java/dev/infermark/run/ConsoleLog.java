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

  /** SLF4J's own switch for what it reports about itself. */
  static final String SLF4J_VERBOSITY = "slf4j.internal.verbosity";

  /**
   * Libraries infermark runs on (DJL, Netty) log through SLF4J; with no SLF4J provider on the class
   * path (a user's test class path usually has none) SLF4J prints a three-line {@code SLF4J(W): No
   * SLF4J providers were found} warning on every run, teaching users to ignore warnings. Then
   * SLF4J's own reports are limited to errors, and those libraries stay silent as under
   * {@code slf4j-nop} (the command line's jar carries it). A provider of the user's own (or an old
   * {@code StaticLoggerBinder}), or {@code slf4j.internal.verbosity} set already, is left alone.
   *
   * @return whether it limited SLF4J's reports
   */
  public static boolean quietSlf4jWithoutProvider(ClassLoader loader) {
    if (System.getProperty(SLF4J_VERBOSITY) != null) {
      return false;
    }
    try {
      if (loader.getResources("META-INF/services/org.slf4j.spi.SLF4JServiceProvider").hasMoreElements()
          || loader.getResource("org/slf4j/impl/StaticLoggerBinder.class") != null) {
        return false;
      }
    } catch (java.io.IOException unreadable) {
      return false;
    }
    System.setProperty(SLF4J_VERBOSITY, "ERROR");
    return true;
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
