package dev.infermark.load;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.sun.management.UnixOperatingSystemMXBean;

import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.shard.Shard;

/**
 * The JVM's open-files limit ({@code RLIMIT_NOFILE}) against the connections a run plans to hold:
 * each request in flight holds one socket, and so does each {@code /metrics} endpoint scraped
 * (one per URL, plus {@code infermark.server-metrics}); with the embedded simulator in this JVM,
 * its side of each connection counts too. A shard holds its share of the run's requests in flight.
 * Past the limit, requests fail inside the client ("Too many open files") and the artifacts cannot
 * be written, so a run that cannot fit is stopped before any load.
 */
@API(status = EXPERIMENTAL, since = "0.2") // a methodology that plans its own connections says so with OpenFiles.Planned (methodology SPI)
public final class OpenFiles {
  /** Files kept spare for artifacts, class loading and the JVM's own needs. */
  public static final int HEADROOM = 64;

  /** The limit and how many files are open now. */
  public record Limit(long max, long open) {}

  /**
   * What one process of a run holds open.
   *
   * @param setting what sets the requests in flight, for the message ({@code infermark.concurrency=300})
   * @param total the requests in flight over the whole run (the setting's value)
   * @param shards how many processes share them ({@code shard-count}; 1 unsharded)
   * @param inFlight this process's share of {@code total}
   * @param scrapes {@code /metrics} endpoints scraped (0 with {@code no-server-metrics})
   * @param embedded whether the server runs in this JVM (its sockets count too)
   */
  public record Need(String setting, int total, int shards, int inFlight, int scrapes, boolean embedded) {
    /** Sockets this JVM holds. */
    long sockets() {
      return (embedded ? 2L : 1L) * ((long) inFlight + scrapes);
    }
  }

  /**
   * A load generator whose requests in flight are not {@code infermark.concurrency} (an AgentPerf
   * search: its agents). The runner checks what it says once the generator is built, before any load.
   */
  public interface Planned {
    /** The open files this process of the run needs ({@link #need}). */
    Need need(Settings settings);
  }

  private OpenFiles() {}

  /**
   * What this process of a run opens: its shard's share of {@code total} requests in flight, a
   * connection per {@code /metrics} endpoint, and the embedded simulator's side when no URL is set.
   *
   * @param property the setting that sets {@code total}, e.g. {@code infermark.concurrency}
   */
  public static Need need(Settings settings, String property, int total) {
    Shard shard = Shard.of(settings);
    List<?> urls = settings.get(Keys.URL);
    int scrapes = 0;
    if (!Boolean.TRUE.equals(settings.get(Keys.NO_SERVER_METRICS))) {
      scrapes = (urls == null ? 1 : urls.size())
          + (int) settings.get(Keys.SERVER_METRICS).stream().filter(u -> !u.isBlank()).count();
    }
    return new Need(property + "=" + total, total, shard.count(), shard.share(total), scrapes, urls == null);
  }

  /** This JVM's limit, where the platform reports it (Unix). */
  public static Optional<Limit> current() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof UnixOperatingSystemMXBean u && u.getMaxFileDescriptorCount() > 0) {
      return Optional.of(new Limit(u.getMaxFileDescriptorCount(), u.getOpenFileDescriptorCount()));
    }
    return Optional.empty();
  }

  /**
   * Checks that {@code need} fits under this JVM's limit.
   *
   * @throws IllegalStateException saying what to do
   */
  public static void check(Need need) {
    current().flatMap(l -> problem(l, need)).ifPresent(p -> {
      throw new IllegalStateException(p);
    });
  }

  /** What is wrong when {@code need} does not fit under {@code limit}, or empty. */
  static Optional<String> problem(Limit limit, Need need) {
    if (limit.open() + need.sockets() + HEADROOM <= limit.max()) {
      return Optional.empty();
    }
    long perRequest = need.embedded() ? 2 : 1;
    long fits = Math.max(0, (limit.max() - limit.open() - HEADROOM) / perRequest - need.scrapes());
    long connections = (long) need.inFlight() + need.scrapes();
    List<String> what = new ArrayList<>();
    if (need.shards() > 1) {
      what.add(need.inFlight() + " requests in flight on this shard of " + need.shards());
    }
    if (need.scrapes() > 0) {
      what.add(need.scrapes() + " /metrics scrape(s)");
    }
    if (need.embedded()) {
      what.add("and as many again for the embedded simulator in this JVM");
    }
    return Optional.of(need.setting() + " needs about " + connections + " open connections"
        + (what.isEmpty() ? "" : " (" + String.join(", ", what) + ")") + ", but this JVM may hold only "
        + limit.max() + " open files (RLIMIT_NOFILE; " + limit.open() + " are open already, " + HEADROOM
        + " kept spare for artifacts): raise the limit before starting the JVM (ulimit -n 65536; LimitNOFILE= in a "
        + "systemd unit; nofile in /etc/security/limits.conf; the hard limit, ulimit -Hn, caps it) or lower it to at most "
        + fits * need.shards() + ".");
  }
}
