package dev.infermark.testkit;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.Callable;

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
}
