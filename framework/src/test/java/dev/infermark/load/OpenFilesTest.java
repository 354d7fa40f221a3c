package dev.infermark.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.Settings;

class OpenFilesTest {
  private static final OpenFiles.Limit LIMIT = new OpenFiles.Limit(1024, 60);

  private static OpenFiles.Need need(int total, Map<String, String> settings) {
    return OpenFiles.need(Settings.of(settings), "infermark.concurrency", total);
  }

  @Test
  void connectionsThatFitPass() {
    assertThat(OpenFiles.problem(LIMIT, need(899, Map.of("url", "http://a:8000")))).isEmpty();
  }

  @Test
  void connectionsAboveTheLimitSayWhatToDo() {
    assertThat(OpenFiles.problem(LIMIT, need(1000, Map.of("url", "http://a:8000", "no-server-metrics", "true"))))
        .hasValueSatisfying(m -> assertThat(m).contains("infermark.concurrency=1000 needs about 1000 open connections, but")
            .contains("may hold only 1024 open files (RLIMIT_NOFILE; 60 are open already").contains("ulimit -n 65536")
            .contains("lower it to at most 900."));
  }

  @Test
  void eachUrlsMetricsScrapeHoldsAConnection() {
    // 900 requests fit alone (see above), not beside three /metrics endpoints.
    Map<String, String> threeUrls = Map.of("url", "http://a:8000,http://b:8000", "server-metrics", "http://c:9400/metrics");
    assertThat(OpenFiles.problem(LIMIT, need(899, Map.of("url", "http://a:8000", "no-server-metrics", "true")))).isEmpty();
    assertThat(OpenFiles.problem(LIMIT, need(899, threeUrls))).hasValueSatisfying(m -> assertThat(m)
        .contains("needs about 902 open connections (3 /metrics scrape(s))").contains("at most 897."));
    assertThat(OpenFiles.problem(LIMIT, need(897, threeUrls))).isEmpty();
  }

  @Test
  void theEmbeddedSimulatorsSocketsCountToo() {
    assertThat(OpenFiles.problem(LIMIT, need(500, Map.of()))).hasValueSatisfying(m -> assertThat(m)
        .contains("as many again for the embedded simulator").contains("at most 449."));
  }

  @Test
  void aShardHoldsItsShareOfTheRequestsInFlight() {
    // 2,000 over 3 shards: shard 0 holds 667, which fits; lowering the setting keeps every share under the limit.
    Map<String, String> shard0 = Map.of("url", "http://a:8000", "shard-count", "3", "shard-index", "0");
    OpenFiles.Need n = need(2000, shard0);
    assertThat(n.inFlight()).isEqualTo(667);
    assertThat(OpenFiles.problem(LIMIT, n)).isEmpty();
    assertThat(OpenFiles.problem(LIMIT, need(3000, shard0))).hasValueSatisfying(m -> assertThat(m)
        .contains("infermark.concurrency=3000 needs about 1001 open connections (1000 requests in flight on this shard of "
            + "3, 1 /metrics scrape(s))").contains("at most 2697."));
  }

  @Test
  void thisJvmReportsItsLimitOnUnix() {
    if (System.getProperty("os.name").toLowerCase().contains("linux")) {
      assertThat(OpenFiles.current()).hasValueSatisfying(l -> assertThat(l.max()).isGreaterThan(l.open()));
    }
  }
}
