package dev.infermark.accuracy.data;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.io.UncheckedIOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The data folders shipped inside this module ({@code infermark.accuracy-data-dir=builtin:<name>}):
 * {@code builtin:smoke} is a handful of synthetic problems per benchmark, laid out like
 * {@code shared/data/accuracy}, that the scenarios' smoke presets run offline. Read in place from
 * the class path, whether that is a folder or a jar (through the jar's file system).
 */
public final class BuiltinData {
  /** The setting value of the smoke data. */
  public static final String SMOKE = "builtin:smoke";
  private static final String PREFIX = "builtin:";
  private static final String ROOT = "dev/infermark/accuracy/";
  /** Every built-in folder has this file: it says what the data is (and locates the folder in a jar). */
  private static final String MARKER = "SOURCES.txt";
  private static final Map<Path, FileSystem> JARS = new ConcurrentHashMap<>();

  private BuiltinData() {}

  /** Whether a data-dir value names built-in data rather than a folder. */
  public static boolean isBuiltin(String dataDir) {
    return dataDir.strip().startsWith(PREFIX);
  }

  /** The data source a non-blank {@code infermark.accuracy-data-dir} value names: built-in data or a folder. */
  public static LocalDataSource source(String dataDir) throws IOException {
    return new LocalDataSource(isBuiltin(dataDir) ? resolve(dataDir, BuiltinData.class.getClassLoader())
        : Path.of(dataDir));
  }

  /**
   * The folder of a built-in data set.
   *
   * @throws IllegalArgumentException for an unknown name, naming the setting and the valid values
   */
  static Path resolve(String dataDir, ClassLoader loader) throws IOException {
    String name = dataDir.strip().substring(PREFIX.length());
    URL marker = name.isEmpty() || name.contains("/") ? null : loader.getResource(ROOT + name + "/" + MARKER);
    if (marker == null) {
      throw new IllegalArgumentException("infermark.accuracy-data-dir: unknown built-in data '" + dataDir.strip()
          + "'; the built-in data is " + SMOKE + " (or give a folder)");
    }
    try {
      URI uri = marker.toURI();
      if ("jar".equals(uri.getScheme())) {
        String raw = uri.toString();
        Path jar = Path.of(URI.create(raw.substring("jar:".length(), raw.indexOf("!/"))));
        return JARS.computeIfAbsent(jar, BuiltinData::open).getPath("/" + ROOT + name);
      }
      return Path.of(uri).getParent();
    } catch (URISyntaxException | RuntimeException e) {
      throw new IOException("cannot open the built-in accuracy data at " + marker + ": " + e.getMessage(), e);
    }
  }

  /**
   * Opens a jar as a file system of our own, kept open (rows are read lazily, run after run). Opened
   * by path, it is not registered under the jar's URI, so whoever else opens that jar by URI (the
   * JUnit platform scanning a package for scenarios, later in the same JVM) is not refused.
   */
  private static FileSystem open(Path jar) {
    try {
      return FileSystems.newFileSystem(jar);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
