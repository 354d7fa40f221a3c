package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.agentx.InferencexAgentxMvp;
import dev.infermark.artifact.RunFolders;
import dev.infermark.json.Json;
import dev.infermark.servermetrics.ServerMetricsExport;
import dev.infermark.settings.Settings;
import dev.infermark.target.EmbeddedServer;
import dev.infermark.target.EmbeddedServerProvider;
import tools.jackson.databind.JsonNode;

/**
 * {@code infermark.url} with two loopback simulators: requests spread round-robin, an AgentX session
 * tree sticks to one URL, the per-URL counts in the artifacts add up to the totals, each request is
 * found on the simulator its record names, and each URL's {@code /metrics} is scraped.
 */
class SeveralUrlsEndToEndTest {
  @TempDir
  Path artifacts;

  private final HttpClient http = HttpClient.newHttpClient();
  private EmbeddedServer a;
  private EmbeddedServer b;

  @BeforeEach
  void start() throws Exception {
    EmbeddedServerProvider p = ServiceLoader.load(EmbeddedServerProvider.class).findFirst().orElseThrow();
    Settings s = Settings.of(Map.of("simulator-max-num-seqs", "16"));
    a = p.start(s);
    b = p.start(s);
  }

  @AfterEach
  void stop() {
    a.close();
    b.close();
    http.close();
  }

  private String urls() {
    return a.baseUri() + "," + b.baseUri();
  }

  private static Path runDir(Path artifacts) throws Exception {
    return RunFolders.all(artifacts).getFirst();
  }

  private static List<JsonNode> records(Path dir) throws Exception {
    return Files.readAllLines(dir.resolve("profile_export.jsonl")).stream().map(Json::parse).toList();
  }

  /** Whether the simulator at {@code base} served the request with this {@code X-Request-ID}. */
  private boolean served(URI base, String requestId) throws Exception {
    HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(base + "/ground-truth/" + requestId)).build(),
        HttpResponse.BodyHandlers.discarding());
    return r.statusCode() == 200;
  }

  /** {@code metadata.urls} against the records and the totals. */
  private static void countsAddUp(JsonNode json, List<JsonNode> records, int urls) {
    JsonNode perUrl = json.get("metadata").get("urls");
    assertThat(perUrl).hasSize(urls);
    long ok = 0;
    long errors = 0;
    long warmup = 0;
    for (int i = 0; i < urls; i++) {
      int index = i;
      JsonNode u = perUrl.get(i);
      ok += u.get("request_count").asLong();
      errors += u.get("error_request_count").asLong();
      warmup += u.get("warmup_request_count").asLong();
      long recorded = records.stream().filter(r -> r.get("metadata").get("url_index").asInt() == index).count();
      assertThat(u.get("request_count").asLong() + u.get("error_request_count").asLong()
          + u.get("warmup_request_count").asLong()).as(u.get("url").asString()).isEqualTo(recorded).isPositive();
    }
    assertThat(ok).isEqualTo(json.get("request_count").get("avg").asLong());
    assertThat(errors).isEqualTo(json.get("error_request_count").get("avg").asLong());
    assertThat(ok + errors + warmup).isEqualTo(records.size());
  }

  @Test
  void requestsGoRoundRobinAndEveryUrlIsCountedAndScraped() throws Exception {
    EngineTestKit.engine("infermark")
        .selectors(selectClass(ServerMetricsEndToEndTest.RepeatedPrompt.class))
        .configurationParameter("infermark.url", urls())
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.random-seed", "7")
        .configurationParameter("infermark.benchmark-duration", "2s")
        .configurationParameter("infermark.warmup-request-count", "4")
        .configurationParameter("infermark.server-metrics-interval", "100ms")
        .configurationParameter("infermark.progress-interval", "30s")
        .execute().testEvents().assertStatistics(s -> s.failed(0));
    Path dir = runDir(artifacts);
    List<JsonNode> records = records(dir);
    Map<Integer, Integer> perUrl = new HashMap<>();
    List<URI> bases = List.of(a.baseUri(), b.baseUri());
    for (JsonNode r : records) {
      int url = r.get("metadata").get("url_index").asInt();
      perUrl.merge(url, 1, Integer::sum);
      String id = r.get("metadata").get("x_request_id").asString();
      if (!r.get("error").isNull()) {
        continue;
      }
      assertThat(served(bases.get(url), id)).as(id + " on URL " + url).isTrue();
      assertThat(served(bases.get(1 - url), id)).as(id + " not on the other URL").isFalse();
    }
    // one rotation over every request, warmup included
    assertThat(perUrl.keySet()).containsExactlyInAnyOrder(0, 1);
    assertThat(Math.abs(perUrl.get(0) - perUrl.get(1))).isLessThanOrEqualTo(1);
    JsonNode json = Json.parse(Files.readString(dir.resolve("profile_export_aiperf.json")));
    countsAddUp(json, records, 2);
    assertThat(json.get("metadata").get("urls").get(0).get("url").asString()).isEqualTo(a.baseUri().toString());
    // each URL's /metrics scraped
    JsonNode server = Json.parse(Files.readString(dir.resolve(ServerMetricsExport.JSON)));
    assertThat(server.get("summary").get("endpoints_successful")).extracting(JsonNode::asString)
        .containsExactlyInAnyOrder(a.baseUri() + "/metrics", b.baseUri() + "/metrics");
  }

  @Test
  void anAgentxSessionTreeSticksToOneUrl() throws Exception {
    EngineTestKit.engine("infermark")
        .selectors(selectClass(InferencexAgentxMvp.class))
        .configurationParameter("infermark.preset", "smoke")
        .configurationParameter("infermark.url", urls())
        .configurationParameter("infermark.input-file", artifacts.resolve("traces").toString())
        .configurationParameter("infermark.agentx-synthetic-traces", "16")
        .configurationParameter("infermark.concurrency", "4")
        .configurationParameter("infermark.benchmark-duration", "8s")
        .configurationParameter("infermark.benchmark-grace-period", "5s")
        .configurationParameter("infermark.artifact-dir", artifacts.resolve("runs").toString())
        .configurationParameter("infermark.progress-interval", "30s")
        .execute().testEvents().assertStatistics(s -> s.failed(0));
    Path dir = runDir(artifacts.resolve("runs"));
    List<JsonNode> records = records(dir);
    Map<String, Integer> urlOfTree = new HashMap<>();
    for (JsonNode r : records) {
      String root = r.get("metadata").get("root_correlation_id").asString();
      int url = r.get("metadata").get("url_index").asInt();
      Integer before = urlOfTree.putIfAbsent(root, url);
      assertThat(before == null || before == url).as("tree " + root + " stays on one URL").isTrue();
    }
    assertThat(urlOfTree.values()).contains(0, 1);
    countsAddUp(Json.parse(Files.readString(dir.resolve("profile_export_aiperf.json"))), records, 2);
  }
}
