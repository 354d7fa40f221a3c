package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestTags;

class UrlRouterTest {
  private static InferenceRequest request(String affinity) {
    return InferenceRequest.chat(RequestTags.of("c", "c", 0), List.of(ChatMessage.user("hi")), 1).withAffinity(affinity);
  }

  @Test
  void requestsWithoutAffinityGoRoundRobin() {
    UrlRouter r = new UrlRouter(3);
    int[] seen = new int[7];
    for (int i = 0; i < seen.length; i++) {
      seen[i] = r.route(request(null));
    }
    assertThat(seen).containsExactly(0, 1, 2, 0, 1, 2, 0);
  }

  @Test
  void aKeyKeepsItsUrlAndKeysSpreadEvenly() throws Exception {
    UrlRouter r = new UrlRouter(2);
    Map<String, Integer> first = new ConcurrentHashMap<>();
    AtomicIntegerArray keysPerUrl = new AtomicIntegerArray(2);
    try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int lane = 0; lane < 8; lane++) {
        String key = "lane-" + lane;
        ex.submit(() -> {
          for (int k = 0; k < 50; k++) {
            int url = r.route(request(key));
            Integer before = first.putIfAbsent(key, url);
            if (before == null) {
              keysPerUrl.incrementAndGet(url);
            } else {
              assertThat(url).as(key).isEqualTo(before);
            }
          }
        });
      }
    }
    assertThat(first).hasSize(8);
    assertThat(keysPerUrl.get(0)).isEqualTo(4);
    assertThat(keysPerUrl.get(1)).isEqualTo(4);
    // round-robin requests interleaved with sticky ones keep their own rotation
    assertThat(List.of(r.route(request(null)), r.route(request(null)))).containsExactly(0, 1);
  }

  @Test
  void oneUrlIsAlwaysThatOne() {
    UrlRouter r = new UrlRouter(1);
    assertThat(r.route(request(null))).isZero();
    assertThat(r.route(request("agent-3"))).isZero();
  }
}
