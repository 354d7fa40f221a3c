package dev.infermark.cli;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code --scenario-jar JAR} and {@code --classpath PATH}: the user's scenario classes (and their key
 * catalogs, and what they need) in a class loader of their own, a child of the one infermark runs
 * in, so they run without Maven. They are read before the command line is built, because the
 * user's key catalogs add flags.
 */
final class ScenarioClassPath {
  private ScenarioClassPath() {}

  /**
   * The entries {@code args} name with {@code --scenario-jar}, {@code --classpath} or {@code -cp}
   * (also in {@code --flag=value} form), in order.
   *
   * @throws IllegalArgumentException for a flag without a value or an entry that does not exist
   */
  static List<Path> entries(String[] args) {
    List<Path> out = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      boolean jar = flag.equals("--scenario-jar");
      if (!jar && !flag.equals("--classpath") && !flag.equals("-cp")) {
        continue;
      }
      String value;
      if (a.contains("=")) {
        value = a.substring(a.indexOf('=') + 1);
      } else if (i + 1 < args.length) {
        value = args[++i];
      } else {
        throw new IllegalArgumentException(flag + " needs a value");
      }
      if (jar) {
        out.add(existing(flag, value));
      } else {
        for (String part : value.split(File.pathSeparator)) {
          if (part.isBlank()) {
            continue;
          }
          if (part.endsWith("*")) {
            Path dir = existing(flag, part.substring(0, part.length() - 1));
            try (Stream<Path> jars = Files.list(dir)) {
              jars.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().forEach(out::add);
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          } else {
            out.add(existing(flag, part));
          }
        }
      }
    }
    return out;
  }

  private static Path existing(String flag, String value) {
    Path p = Path.of(value.isEmpty() ? "." : value);
    if (!Files.exists(p)) {
      throw new IllegalArgumentException(flag + " " + value + ": no such file or folder");
    }
    return p.toAbsolutePath().normalize();
  }

  /** The name of the class loader of the user's entries. */
  private static final String NAME = "infermark-scenarios";

  /** The entries of {@code loader} when it is the one {@link #loader} made; none otherwise. */
  static List<Path> named(ClassLoader loader) {
    if (!(loader instanceof URLClassLoader u) || !NAME.equals(u.getName())) {
      return List.of();
    }
    List<Path> out = new ArrayList<>();
    for (URL url : u.getURLs()) {
      try {
        out.add(Path.of(url.toURI()));
      } catch (java.net.URISyntaxException | IllegalArgumentException e) {
        // made from a path above: always a file URL
      }
    }
    return out;
  }

  /** A class loader over {@code entries}, a child of {@code parent}; {@code parent} when there are none. */
  static ClassLoader loader(List<Path> entries, ClassLoader parent) {
    if (entries.isEmpty()) {
      return parent;
    }
    URL[] urls = entries.stream().map(p -> {
      try {
        return p.toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException(p + ": " + e.getMessage(), e);
      }
    }).toArray(URL[]::new);
    return new URLClassLoader(NAME, urls, parent);
  }
}
