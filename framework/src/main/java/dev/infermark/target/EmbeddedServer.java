package dev.infermark.target;

import java.net.URI;

/** A server started in-process for a run (the simulator), stopped by {@link #close()}. */
public interface EmbeddedServer extends AutoCloseable {
  /** The base URL, e.g. {@code http://127.0.0.1:41234}. */
  URI baseUri();

  /** One line for the run's output (what it is and how it is configured). */
  String description();

  @Override
  void close();
}
