package dev.infermark.run;

import java.net.URI;
import java.util.List;

import dev.infermark.protocol.ServerClient;
import dev.infermark.settings.Settings;

/** Builds the run's client for its targets (tests substitute fakes). */
@FunctionalInterface
public interface ClientFactory {
  /**
   * @param targets the servers' base URLs ({@code infermark.url}, one or several, or the embedded
   *     simulator's)
   */
  ServerClient create(Settings settings, List<URI> targets, Progress progress);
}
