package dev.infermark.accuracy.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.Fixtures;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.client.OpenAiClient;
import dev.infermark.fixture.FakeOpenAi;
import dev.infermark.fixture.FakeOpenAi.Answer;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * MMLU end to end over HTTP: the framework's OpenAiClient against a loopback fake server that
 * streams the gold letter (from the question number) as SSE, on both endpoint layouts.
 */
class OpenAiClientRunTest {
  private static final Pattern QUESTION = Pattern.compile("(?:anatomy|virology) question (\\d+)");
  @TempDir static Path data;
  static FakeOpenAi server;
  static final List<JsonNode> bodies = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Fixtures.writeAll(data);
    server = FakeOpenAi.start(r -> {
      JsonNode body = r.json();
      bodies.add(body);
      String text = r.chat() ? body.path("messages").get(body.path("messages").size() - 1).path("content").asString()
          : body.path("prompt").asString();
      Matcher m = QUESTION.matcher(text);
      int q = -1;
      while (m.find()) {
        q = Integer.parseInt(m.group(1));
      }
      String letter = String.valueOf("ABCD".charAt(q % 4));
      return Answer.text(r.chat() ? "The answer is (" + letter + ")" : letter).usage(50, 4);
    }, List.of("test-model"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"chat", "completions"})
  void mmluScoresOneHundredPercentThroughTheRealClient(String endpoint, @TempDir Path out) throws Exception {
    bodies.clear();
    URI uri = server.uri();
    Map<String, String> s = Map.of("accuracy-data-dir", data.toString(), "endpoint-type", endpoint, "concurrency", "4",
        "model", "test-model", "accuracy-n-shots", "2", "url", uri.toString());
    try (OpenAiClient client = OpenAiClient.create(Settings.of(s), uri, new Progress())) {
      TestRuns runs = new TestRuns();
      RunResult r = AccuracyEval.of("mmlu").run(runs.context("mmlu", s, client, out, uri));
      assertThat(runs.records).hasSize(12).allMatch(rec -> rec.ok() && rec.text() != null);
      assertThat(r.lookup("", "accuracy", Stat.VALUE)).hasValue(1.0);
      assertThat(r.lookup("", "accuracy_unparsed", Stat.VALUE)).hasValue(0.0);
    }
    assertThat(bodies).hasSize(12);
    JsonNode b = bodies.get(0);
    int cap = b.has("max_completion_tokens") ? b.get("max_completion_tokens").asInt() : b.path("max_tokens").asInt();
    assertThat(cap).isEqualTo(5);
    if (endpoint.equals("chat")) {
      assertThat(b.path("messages")).hasSize(5); // 2 shots as user/assistant turns, then the question
      assertThat(b.path("messages").get(1).path("role").asString()).isEqualTo("assistant");
    } else {
      assertThat(b.path("prompt").asString()).startsWith("The following are multiple choice questions");
    }
    assertThat(Files.readAllLines(out.resolve("accuracy_export.jsonl"))).hasSize(12);
  }
}
