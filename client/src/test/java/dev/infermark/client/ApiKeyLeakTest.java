package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.infermark.api.RunResult;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.run.Progress;
import dev.infermark.result.ResultFormats;
import dev.infermark.result.RunInfo;
import dev.infermark.settings.Settings;

/**
 * A sentinel API key reaches the server but no artifact, console line, report entry or log, on every
 * transport, even when the server echoes it back in error bodies, in-stream errors and broken chunks.
 */
@ParameterizedClass
@ValueSource(strings = {"netty", "jdk"})
class ApiKeyLeakTest {
  private static final String SENTINEL = "sk-SENTINEL-9f8e7d6c5b4a";

  @Parameter
  String transport;

  @TempDir
  Path dir;

  @Test
  void apiKeyAppearsNowhere() throws Exception {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream tee = new PrintStream(captured, true, StandardCharsets.UTF_8);
    System.setOut(tee);
    System.setErr(tee);
    List<String> lines = new ArrayList<>();
    List<RequestRecord> records = new ArrayList<>();
    RunResult result;
    try (FakeOpenAi server = FakeOpenAi.start()) {
      // a hostile server echoes the key back in every kind of error text the client keeps
      server.handle((r, c) -> {
        String key = r.headers().get("authorization").substring("Bearer ".length());
        if (r.body().contains("json401")) {
          c.respond(401, "application/json",
              "{\"error\":{\"message\":\"Incorrect API key provided: " + key + ". You can find your API key at ...\"}}");
          return;
        }
        if (r.body().contains("html500")) {
          c.respond(500, "text/html", "<html><body>upstream refused Authorization: Bearer " + key + "</body></html>");
          return;
        }
        if (r.body().contains("inStream")) {
          c.startStream(200);
          c.data(OpenAiClientTest.delta("content", "a"));
          c.data("{\"error\":{\"message\":\"key " + key + " was revoked\",\"code\":401}}");
          c.data("not json " + key);
          c.data("[DONE]");
          c.endStream();
          return;
        }
        if (r.body().contains("badChunk")) {
          c.startStream(200);
          c.data("not json " + key);
          c.endStream();
          return;
        }
        c.startStream(200);
        c.data(OpenAiClientTest.delta("content", "a"));
        c.data(OpenAiClientTest.delta("content", "b"));
        c.data("[DONE]");
        c.endStream();
      });
      Settings settings = Settings.of(Map.of("api-key", SENTINEL, "model", "m", "transport", transport));
      Progress progress = new Progress();
      try (OpenAiClient client = OpenAiClient.create(settings, server.uri(), progress);
          RunRecorder rec = new RunRecorder(dir, settings)) {
        rec.attach(client);
        for (String text : List.of("one", "two", "json401", "html500", "inStream", "badChunk")) {
          RequestRecord r = client.send(InferenceRequest.chat(RequestTags.of("s", "s", 0), List.of(ChatMessage.user(text)), 4));
          rec.accept(r);
          records.add(r);
          System.out.println(r);
        }
        lines.addAll(rec.finishAndWrite(new RunInfo("leak", "b", 1, Map.of("api-key", "<redacted>"), Optional.empty(), false,
            Instant.now(), Instant.now(), null, 0), ResultFormats.all()));
        result = rec.measure(RunResult.empty());
        lines.forEach(System.out::println);
        System.out.println(progress.line());
      }
      // the key did go out: otherwise this test could not fail
      assertThat(server.requests()).allMatch(r -> ("Bearer " + SENTINEL).equals(r.headers().get("authorization")));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    List<Path> files;
    try (Stream<Path> s = Files.walk(dir)) {
      files = s.filter(Files::isRegularFile).toList();
    }
    assertThat(files).extracting(p -> p.getFileName().toString())
        .contains(RunRecorder.JSONL, RunRecorder.JSON, RunRecorder.CSV, RunRecorder.INPUTS);
    // the four failures were recorded, with the key replaced where the server put it
    assertThat(records).filteredOn(r -> r.error() != null).hasSize(4)
        .allMatch(r -> (r.error().message() + r.error().body()).contains("<redacted>"));
    assertThat(Files.readString(dir.resolve(RunRecorder.JSONL))).contains("Incorrect API key provided: <redacted>");
    for (Path f : files) {
      assertThat(Files.readString(f)).as(f.toString()).doesNotContain(SENTINEL);
    }
    assertThat(captured.toString(StandardCharsets.UTF_8)).contains("Incorrect API key provided: <redacted>")
        .contains("revoked").doesNotContain(SENTINEL);
    assertThat(String.join("\n", lines)).doesNotContain(SENTINEL);
    assertThat(result.reportEntries().toString() + result.values()).doesNotContain(SENTINEL);
  }
}
