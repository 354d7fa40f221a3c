package dev.infermark.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.infermark.run.Cancellation;
import dev.infermark.settings.Settings;

class ShardTest {
  private static Settings settings(String... kv) {
    Map<String, String> m = new java.util.HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return Settings.of(m);
  }

  @Test
  void indexDefaultsToTheIndexedJobsCompletionIndexOnlyWhenSharded() {
    assertThat(Shard.of(settings("shard-count", "4"), Map.of("JOB_COMPLETION_INDEX", "3")).index()).isEqualTo(3);
    assertThat(Shard.of(settings("shard-count", "4", "shard-index", "1"), Map.of("JOB_COMPLETION_INDEX", "3")).index())
        .as("the setting wins").isEqualTo(1);
    assertThat(Shard.of(settings(), Map.of("JOB_COMPLETION_INDEX", "7"))).as("not sharded: another job's index")
        .isEqualTo(Shard.WHOLE);
    assertThat(Shard.of(settings("shard-count", "2"), Map.of()).index()).isZero();
  }

  @Test
  void badValuesNameTheirSettingOrVariable() {
    assertThatThrownBy(() -> Shard.of(settings("shard-count", "2", "shard-index", "2"), Map.of()))
        .hasMessageContaining("infermark.shard-index").hasMessageContaining("0..1");
    assertThatThrownBy(() -> Shard.of(settings("shard-count", "2"), Map.of("JOB_COMPLETION_INDEX", "x")))
        .hasMessageContaining("JOB_COMPLETION_INDEX");
    assertThatThrownBy(() -> Shard.of(settings("shard-count", "0"), Map.of())).hasMessageContaining("infermark.shard-count");
    assertThatThrownBy(() -> Shard.of(settings("start-at", "noon"), Map.of())).hasMessageContaining("infermark.start-at");
    assertThatThrownBy(() -> new Shard(0, 4, null, null).requireUnits(3, "concurrency"))
        .hasMessageContaining("infermark.concurrency (3)").hasMessageContaining("shard-count (4)");
  }

  @Test
  void sharesAndUnitsPartitionTheWholeRun() {
    for (int count = 1; count <= 7; count++) {
      for (int total = 0; total <= 30; total++) {
        List<Integer> all = new ArrayList<>();
        int sum = 0;
        for (int i = 0; i < count; i++) {
          Shard s = new Shard(i, count, null, null);
          sum += s.share(total);
          for (int k = 0; k < s.share(total); k++) {
            assertThat(s.owns(s.unit(k))).isTrue();
            all.add(s.unit(k));
          }
        }
        assertThat(sum).isEqualTo(total);
        assertThat(all).containsExactlyInAnyOrderElementsOf(IntStream.range(0, total).boxed().toList());
      }
    }
  }

  @Test
  void startAtIsWaitedForAndACancelEndsTheWait() throws InterruptedException {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    Shard s = Shard.of(settings("start-at", "2026-01-01T00:00:05Z"), Map.of());
    assertThat(s.untilStart(now)).isEqualTo(Duration.ofSeconds(5));
    assertThat(s.untilStart(now.plusSeconds(6))).isZero();
    assertThat(Shard.WHOLE.untilStart(now)).isZero();

    Shard far = new Shard(0, 1, Instant.now().plus(Duration.ofHours(1)), null);
    Cancellation c = new Cancellation();
    c.cancel();
    assertThat(far.awaitStart(c::onCancel)).as("cancelled: returns at once, false").isFalse();
    assertThat(new Shard(0, 1, Instant.now().minusSeconds(1), null).awaitStart(new Cancellation()::onCancel)).isTrue();
  }

  @Test
  void onlyAShardedRunIsStamped() {
    assertThat(Shard.WHOLE.json()).isEmpty();
    var extras = dev.infermark.json.Json.object();
    new Shard(1, 3, Instant.parse("2026-01-01T00:00:00Z"), "r").stamp(extras);
    assertThat(extras.at("/metadata/shard/index").asInt()).isEqualTo(1);
    assertThat(extras.at("/metadata/shard/count").asInt()).isEqualTo(3);
    assertThat(extras.at("/metadata/shard/start_at").asString()).isEqualTo("2026-01-01T00:00:00Z");
  }
}
