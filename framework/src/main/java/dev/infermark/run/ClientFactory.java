package dev.infermark.run;

import java.net.URI;

import dev.infermark.client.InferenceClient;
import dev.infermark.settings.Settings;

/** Builds the run's client for a target (tests substitute fakes). */
@FunctionalInterface
public interface ClientFactory {
  InferenceClient create(Settings settings, URI baseUri, Progress progress);
}
