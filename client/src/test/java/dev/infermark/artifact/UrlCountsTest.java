package dev.infermark.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.client.OpenAiClient;
import dev.infermark.json.Json;
import dev.infermark.metrics.Records;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.run.Progress;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;
import tools.jackson.databind.JsonNode;

/** Requests per URL in the artifacts: {@code metadata.url_index} per record, {@code metadata.urls} per run. */
class UrlCountsTest {
  @TempDir
  Path dir;

  private static RequestRecord at(RequestRecord r, int url) {
    return new RequestRecord(r.phase(), r.requestId(), r.tags(), r.dueNs(), r.startNs(), r.startEpochMicros(), r.ackNs(),
        r.contentChunkNs(), r.endNs(), r.inputTokens(), r.outputTokens(), r.reasoningTokens(), r.cachedTokens(), r.text(),
        r.reasoningText(), r.finishReason(), r.httpStatus(), r.error(), url);
  }

  @Test
  void perUrlCountsAddUpToTheTotals() throws Exception {
    List<URI> urls = List.of(URI.create("http://127.0.0.1:9"), URI.create("http://127.0.0.1:10"));
    List<String> console;
    try (OpenAiClient client = OpenAiClient.create(Settings.of(Map.of()), urls, new Progress());
         RunRecorder rec = new RunRecorder(dir, Settings.of(Map.of()))) {
      rec.attach(client);
      rec.accept(at(Records.ok(Phase.WARMUP, "w", 900_000_000L, new long[] {10}, 20, 5, 5, null), 1));
      RequestRecord[] refs = Records.reference(); // 3 successes, 2 failures
      for (int i = 0; i < refs.length; i++) {
        rec.accept(at(refs[i], i % 2));
      }
      rec.accept(Records.failed("unsent", 1_000_000_000L, 1, ErrorKind.PROTOCOL_ERROR, 0, "not sent")); // url -1
      console = rec.finishAndWrite(new RunInfo("s", "b", 1L, Map.of(), Optional.empty(), false, Instant.EPOCH, Instant.EPOCH,
          null, 0), ResultFormats.all());
    }
    List<JsonNode> lines = Files.readAllLines(dir.resolve(RunRecorder.JSONL)).stream().map(Json::parse).toList();
    assertThat(lines.get(0).get("metadata").get("url_index").asInt()).isEqualTo(1);
    assertThat(lines.get(1).get("metadata").get("url_index").asInt()).isZero();
    assertThat(lines.get(2).get("metadata").get("url_index").asInt()).isOne();
    assertThat(lines.get(6).get("metadata").has("url_index")).isFalse();

    JsonNode json = Json.parse(Files.readString(dir.resolve(RunRecorder.JSON)));
    JsonNode perUrl = json.get("metadata").get("urls");
    assertThat(perUrl).hasSize(2);
    assertThat(perUrl.get(0).get("url").asString()).isEqualTo("http://127.0.0.1:9");
    // r1, r3 and r5 (an error) went to URL 0; r2 and r4 (an error) to URL 1
    assertThat(perUrl.get(0).get("request_count").asLong()).isEqualTo(2);
    assertThat(perUrl.get(0).get("error_request_count").asLong()).isEqualTo(1);
    assertThat(perUrl.get(1).get("request_count").asLong()).isEqualTo(1);
    assertThat(perUrl.get(1).get("error_request_count").asLong()).isEqualTo(1);
    assertThat(perUrl.get(1).get("warmup_request_count").asLong()).isEqualTo(1);
    assertThat(perUrl.get(0).get("request_count").asLong() + perUrl.get(1).get("request_count").asLong())
        .isEqualTo(json.get("request_count").get("avg").asLong());
    assertThat(console).contains("profiling requests per URL: http://127.0.0.1:9 3 (1 failed), http://127.0.0.1:10 2 (1 failed)");
  }
}
