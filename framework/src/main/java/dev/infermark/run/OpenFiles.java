package dev.infermark.run;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.Optional;

import com.sun.management.UnixOperatingSystemMXBean;

/**
 * The JVM's open-files limit ({@code RLIMIT_NOFILE}) against the connections a run plans to hold:
 * each request in flight holds one socket (and one more on the server side when the embedded
 * simulator runs in this JVM). Past the limit, requests fail inside the client ("Too many open
 * files") and the artifacts cannot be written, so a run that cannot fit is stopped before any load.
 */
public final class OpenFiles {
  /** Files kept spare for artifacts, class loading and the JVM's own needs. */
  public static final int HEADROOM = 64;

  /** The limit and how many files are open now. */
  public record Limit(long max, long open) {}

  private OpenFiles() {}

  /** This JVM's limit, where the platform reports it (Unix). */
  public static Optional<Limit> current() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof UnixOperatingSystemMXBean u && u.getMaxFileDescriptorCount() > 0) {
      return Optional.of(new Limit(u.getMaxFileDescriptorCount(), u.getOpenFileDescriptorCount()));
    }
    return Optional.empty();
  }

  /**
   * Checks that {@code connections} fit under this JVM's limit.
   *
   * @param setting what planned them, for the message ({@code infermark.concurrency=300})
   * @param embedded whether the server runs in this JVM (its sockets count too)
   * @throws IllegalStateException saying what to do
   */
  public static void check(int connections, boolean embedded, String setting) {
    current().flatMap(l -> problem(l, connections, embedded, setting)).ifPresent(p -> {
      throw new IllegalStateException(p);
    });
  }

  /** What is wrong when {@code connections} do not fit under {@code limit}, or empty. */
  static Optional<String> problem(Limit limit, int connections, boolean embedded, String setting) {
    long perConnection = embedded ? 2 : 1;
    long needed = limit.open() + perConnection * connections + HEADROOM;
    if (needed <= limit.max()) {
      return Optional.empty();
    }
    long fits = Math.max(0, (limit.max() - limit.open() - HEADROOM) / perConnection);
    return Optional.of(setting + " needs about " + connections + " open connections"
        + (embedded ? " (and as many again for the embedded simulator in this JVM)" : "") + ", but this JVM may hold only "
        + limit.max() + " open files (RLIMIT_NOFILE; " + limit.open() + " are open already, " + HEADROOM
        + " kept spare for artifacts): raise the limit before starting the JVM (ulimit -n 65536; LimitNOFILE= in a "
        + "systemd unit; nofile in /etc/security/limits.conf; the hard limit, ulimit -Hn, caps it) or lower it to at most "
        + fits + ".");
  }
}
