package dev.infermark.protocol;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;

/** The protocol clients on the class path, and the one {@code infermark.protocol} names. */
public final class Protocols {
  private Protocols() {}

  /** Every protocol on the context class path, by name (the first of a name wins). */
  public static Map<String, Protocol> available() {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    Map<String, Protocol> byName = new LinkedHashMap<>();
    for (Protocol p : ServiceLoader.load(Protocol.class, loader != null ? loader : Protocols.class.getClassLoader())) {
      byName.putIfAbsent(p.name(), p);
    }
    return byName;
  }

  /** Opens the client of the protocol {@code infermark.protocol} names. */
  public static ServerClient open(Settings settings, List<URI> targets, RequestCounter counter) {
    return named(settings.get(Keys.PROTOCOL), available()).open(settings, targets, counter);
  }

  /**
   * The protocol called {@code name} among {@code available}.
   *
   * @throws IllegalArgumentException naming the setting, the unknown name with a did-you-mean, and the known names
   */
  public static Protocol named(String name, Map<String, Protocol> available) {
    String wanted = name == null ? "" : name.trim();
    Protocol found = available.get(wanted);
    if (found != null) {
      return found;
    }
    List<String> known = new ArrayList<>(available.keySet());
    if (known.isEmpty()) {
      throw new IllegalArgumentException(Keys.PROTOCOL.property() + ": no protocol client on the class path for '"
          + wanted + "' (the OpenAI-compatible one is the artifact infermark-client, which the engine and the"
          + " command line bring)");
    }
    throw new IllegalArgumentException(Keys.PROTOCOL.property() + ": unknown protocol '" + wanted + "'"
        + SettingsRegistry.closest(wanted, known, Math.max(2, wanted.length() / 3))
            .map(c -> " (did you mean '" + c + "'?)").orElse("")
        + "; known: " + String.join(", ", known));
  }
}
