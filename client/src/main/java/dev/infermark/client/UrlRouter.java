package dev.infermark.client;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import dev.infermark.api.request.InferenceRequest;

/**
 * Picks which of the run's URLs a request goes to (AIPerf's {@code --url-strategy round_robin}):
 * requests without affinity take the next URL in turn; the first request of an affinity key (a
 * lane, an agent) takes the next URL of a second rotation, and every later request of that key goes
 * to the same URL, where its prefix cache lives. Keys are assigned in order of first use, so
 * lanes or agents spread evenly. Thread-safe.
 */
final class UrlRouter {
  private final int urls;
  private final AtomicLong next = new AtomicLong();
  private final AtomicLong nextPin = new AtomicLong();
  private final ConcurrentHashMap<String, Integer> pins = new ConcurrentHashMap<>();

  UrlRouter(int urls) {
    if (urls < 1) {
      throw new IllegalArgumentException("no URL to send to");
    }
    this.urls = urls;
  }

  /** The index of the URL {@code request} goes to. */
  int route(InferenceRequest request) {
    if (urls == 1) {
      return 0;
    }
    String key = request.affinity();
    if (key == null) {
      return (int) (next.getAndIncrement() % urls);
    }
    return pins.computeIfAbsent(key, k -> (int) (nextPin.getAndIncrement() % urls));
  }
}
