package dev.infermark.protocol;

import java.net.URI;
import java.util.List;

import dev.infermark.settings.Settings;

/**
 * A protocol client a run can send through, registered as a {@code java.util.ServiceLoader} service and
 * chosen by name with {@code infermark.protocol} (the built-in one: {@code openai}, module {@code client}).
 */
public interface Protocol {
  /** The name {@code infermark.protocol} selects it by: lower case, e.g. {@code openai}. */
  String name();

  /**
   * Opens the run's client.
   *
   * @param targets the servers' base URLs ({@code infermark.url}, one or several, or the embedded simulator's)
   * @param counter told of each request sent and returned (the run's progress)
   */
  ServerClient open(Settings settings, List<URI> targets, RequestCounter counter);
}
