package dev.infermark.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * Runs code with a jar on the thread's context class loader, as a plug-in jar a user adds is seen by the
 * {@code ServiceLoader} lookups of the plug-in points (result formats, trace formats).
 */
public final class ContextJar {
  private ContextJar() {}

  /** {@code body}'s result, called with {@code jar} added to the context class loader (restored after). */
  public static <T> T with(Path jar, Callable<T> body) throws Exception {
    Thread t = Thread.currentThread();
    ClassLoader before = t.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, before)) {
      t.setContextClassLoader(loader);
      return body.call();
    } finally {
      t.setContextClassLoader(before);
    }
  }

  /**
   * Writes {@code jar} holding only a service registration of {@code implementations} for {@code service}, as a module
   * of one's own would ship it (the classes themselves load from the test class path).
   */
  public static Path registering(Path jar, Class<?> service, Class<?>... implementations) throws IOException {
    try (OutputStream f = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(f)) {
      out.putNextEntry(new JarEntry("META-INF/services/" + service.getName()));
      for (Class<?> c : implementations) {
        out.write((c.getName() + "\n").getBytes(StandardCharsets.UTF_8));
      }
      out.closeEntry();
    }
    return jar;
  }
}
