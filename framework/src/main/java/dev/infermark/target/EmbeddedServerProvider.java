package dev.infermark.target;

import java.io.IOException;

import dev.infermark.settings.Settings;

/**
 * Starts the embedded target when {@code infermark.url} is unset. Implemented by the simulator
 * module and found with {@link java.util.ServiceLoader}, so the framework does not depend on it.
 */
public interface EmbeddedServerProvider {
  /**
   * Starts a server on an ephemeral loopback port, sized for the run (e.g. {@code concurrency}).
   */
  EmbeddedServer start(Settings settings) throws IOException;
}
