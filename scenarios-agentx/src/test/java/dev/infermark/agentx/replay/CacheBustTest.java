package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.json.JsonText;

class CacheBustTest {
  @Test
  void twentyLanesWithFiftyRecyclesEachMint1020DistinctMarkers() {
    Harness h = new Harness(new Trees.Cfg().concurrency(20).ratio(0), Trees.pool(20, 0)).start();
    for (int round = 0; round < 50; round++) {
      h.net.okAll();
      h.clock.runDue();
    }
    assertThat(h.replay.stats().plays()).isEqualTo(1020);
    assertThat(h.replay.stats().markers()).hasSize(1020).allMatch(m -> m.matches("\\[rid:[0-9a-f]{12}]"));
    Set<String> sentMarkers = new HashSet<>();
    h.net.sent.forEach(s -> {
      String m = (String) s.request().tags().extra().get("cache_bust_marker");
      assertThat(s.firstUserText()).startsWith(m + "\n\n");
      assertThat(s.request().tags().extra()).containsEntry("cache_bust_target", "first_turn_prefix");
      sentMarkers.add(m);
    });
    assertThat(sentMarkers).hasSize(1020);
  }

  @Test
  void sameTraceSameLaneGetsANewMarkerEveryPlayAndRunsDiffer() {
    Harness h = new Harness(new Trees.Cfg().ratio(0), Trees.pool(1, 0)).start();
    for (int i = 0; i < 99; i++) {
      h.net.okAll();
      h.clock.runDue();
    }
    assertThat(h.replay.stats().markers()).hasSize(100);
    assertThat(CacheBust.marker("run-a", 0, 0, "t")).isEqualTo(CacheBust.marker("run-a", 0, 0, "t"))
        .isNotEqualTo(CacheBust.marker("run-b", 0, 0, "t")).isNotEqualTo(CacheBust.marker("run-a", 1, 0, "t"))
        .isNotEqualTo(CacheBust.marker("run-a", 0, 1, "t"));
  }

  @Test
  void noTargetMintsNoMarker() {
    Trees.Cfg cfg = new Trees.Cfg().ratio(0);
    cfg.cacheBust = false;
    Harness h = new Harness(cfg, Trees.pool(1, 0)).start();
    assertThat(h.replay.stats().markers()).isEmpty();
    assertThat(h.net.open("trace_0000", 0).firstUserText()).isEqualTo("task of trace_0000");
    assertThat(h.net.open("trace_0000", 0).request().tags().extra()).doesNotContainKey("cache_bust_marker");
  }

  @Test
  void markerWrapsOnlyTheFirstUserMessageWithoutCopyingAndIsIdempotent() {
    StringBuilder big = new StringBuilder("x".repeat(10_000));
    List<ChatMessage> in = List.of(ChatMessage.system("sys"), ChatMessage.user(big), ChatMessage.user("second"));
    List<ChatMessage> out = CacheBust.apply(in, "[rid:0123456789ab]");
    assertThat(out.get(0)).isSameAs(in.get(0));
    assertThat(out.get(2)).isSameAs(in.get(2));
    CharSequence c = out.get(1).content();
    assertThat(c.length()).isEqualTo(10_000 + 20);
    assertThat(c.toString()).startsWith("[rid:0123456789ab]\n\nxxx");
    assertThat(c.subSequence(18, 22).toString()).isEqualTo("\n\nxx");
    assertThat(c.subSequence(3, 8).toString()).isEqualTo("d:012");
    assertThat(c.charAt(20)).isEqualTo('x');
    assertThat(CacheBust.apply(out, "[rid:0123456789ab]").get(1)).isSameAs(out.get(1));
    // its escaped form is the marker's and the text's: the body is as if written from the whole string
    assertThat(((JsonText) c).jsonEscaped()).isEqualTo(JsonText.escape("[rid:0123456789ab]\n\n" + big));
  }

  @Test
  void doubleRecycleOfOnePlayFails() {
    RecycleGuard guard = new RecycleGuard();
    guard.drained("root-1", "t", 0);
    guard.drained("root-2", "t", 0);
    assertThatThrownBy(() -> guard.drained("root-1", "t", 0)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Double recycle");
  }
}
