package dev.infermark.run;

import java.net.URI;

import dev.infermark.client.ServerClient;
import dev.infermark.settings.Settings;

/** Builds the run's client for a target (tests substitute fakes). */
@FunctionalInterface
public interface ClientFactory {
  ServerClient create(Settings settings, URI baseUri, Progress progress);
}
