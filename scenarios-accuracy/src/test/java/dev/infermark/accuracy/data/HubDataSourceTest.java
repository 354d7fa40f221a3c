package dev.infermark.accuracy.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.infermark.accuracy.Fixtures;
import dev.infermark.accuracy.benchmark.Problem;
import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.hub.HfHub;
import dev.infermark.hub.LocalHub;
import dev.infermark.settings.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Loaders against a local fake hub (Parquet and CSV through DuckDB), then offline from the cache. */
class HubDataSourceTest {
  @TempDir static Path root;
  static Path local;
  static Path hubRoot;

  /** Converts a fixture JSONL file to Parquet (or CSV) with DuckDB, as the hub serves datasets. */
  static void convert(Path from, Path to, String format) throws Exception {
    Files.createDirectories(to.getParent());
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      s.execute("COPY (SELECT * FROM read_json_auto('" + from + "')) TO '" + to + "' (FORMAT " + format
          + (format.equals("csv") ? ", HEADER true" : "") + ")");
    }
  }

  @BeforeAll
  static void hubFolder() throws Exception {
    local = Fixtures.writeAll(root.resolve("local"));
    hubRoot = root.resolve("hub");
    convert(local.resolve("gsm8k/test.jsonl"), hubRoot.resolve("datasets/openai/gsm8k/main/test-00000-of-00001.parquet"), "parquet");
    for (String subject : List.of("anatomy", "virology")) {
      for (String split : List.of("test", "dev")) {
        Path part = root.resolve("parts/" + subject + "-" + split + ".jsonl");
        Files.createDirectories(part.getParent());
        List<String> lines = Files.readAllLines(local.resolve("mmlu/" + split + ".jsonl")).stream()
            .filter(l -> l.contains("\"subject\":\"" + subject + "\"")).toList();
        Files.write(part, lines);
        convert(part, hubRoot.resolve("datasets/lighteval/mmlu/" + subject + "/" + split + "-00000-of-00001.parquet"), "parquet");
      }
    }
    for (String f : List.of("test4.jsonl", "test5.jsonl")) {
      Path to = hubRoot.resolve("datasets/livecodebench/code_generation_lite/" + f);
      Files.createDirectories(to.getParent());
      Files.copy(local.resolve("lcb_codegeneration/" + f), to);
    }
    convert(local.resolve("gpqa_diamond/train.jsonl"), hubRoot.resolve("datasets/Idavidrein/gpqa/gpqa_diamond.csv"), "csv");
    Files.writeString(hubRoot.resolve("datasets/Idavidrein/gpqa/gpqa_main.csv"), "Question\nnot this one\n");
  }

  static Settings hubSettings() {
    return Settings.of(Map.of("accuracy-dataset-revision", LocalHub.COMMIT));
  }

  @Test
  void parquetFromTheHubThenOfflineFromTheCache(@TempDir Path cache) throws Exception {
    try (LocalHub hub = LocalHub.serve(hubRoot)) {
      List<Problem> online = AccuracyEval.of("gsm8k").problems(hubSettings(), hub.client(cache));
      List<Problem> fromFolder = AccuracyEval.of("gsm8k")
          .problems(Settings.of(Map.of("accuracy-data-dir", local.toString())), null);
      assertThat(online).isEqualTo(fromFolder);
      assertThat(hub.requests()).anyMatch(r -> r.contains("/api/datasets/openai/gsm8k/revision/"))
          .anyMatch(r -> r.endsWith("main/test-00000-of-00001.parquet"));
      int before = hub.requests().size();
      HfHub offline = new HfHub(hub.uri(), Optional.empty(), cache, true);
      assertThat(AccuracyEval.of("gsm8k").problems(hubSettings(), offline)).isEqualTo(fromFolder);
      assertThat(hub.requests()).hasSize(before);
    }
  }

  @Test
  void mmluConfigsPerSubjectGiveTheSamePromptsAsTheLocalFolder(@TempDir Path cache) throws Exception {
    try (LocalHub hub = LocalHub.serve(hubRoot)) {
      Settings s = Settings.of(Map.of("accuracy-dataset-revision", LocalHub.COMMIT, "accuracy-tasks", "anatomy,virology",
          "accuracy-n-shots", "3"));
      List<Problem> fromHub = AccuracyEval.of("mmlu").problems(s, hub.client(cache));
      List<Problem> fromFolder = AccuracyEval.of("mmlu").problems(Settings.of(Map.of("accuracy-data-dir", local.toString(),
          "accuracy-tasks", "anatomy,virology", "accuracy-n-shots", "3")), null);
      assertThat(fromHub).hasSize(12).isEqualTo(fromFolder);
    }
  }

  @Test
  void liveCodeBenchRawFilesOfTheReleaseTag(@TempDir Path cache) throws Exception {
    try (LocalHub hub = LocalHub.serve(hubRoot)) {
      List<Problem> p = AccuracyEval.of("lcb_codegeneration").problems(hubSettings(), hub.client(cache));
      assertThat(p).extracting(x -> x.metadata().get("question_id")).containsExactly("abc1", "abc2");
      Settings v5 = Settings.of(Map.of("accuracy-dataset-revision", LocalHub.COMMIT, "accuracy-lcb-release-tag", "v5"));
      assertThat(AccuracyEval.of("lcb_codegeneration").problems(v5, hub.client(cache))).hasSize(1);
      assertThat(hub.requests()).noneMatch(r -> r.startsWith("/api/"));
    }
  }

  @Test
  void csvConfigFilesAreReadThroughDuckDb(@TempDir Path cache) throws Exception {
    try (LocalHub hub = LocalHub.serve(hubRoot)) {
      List<Problem> p = AccuracyEval.of("gpqa_diamond").problems(hubSettings(), hub.client(cache));
      assertThat(p).hasSize(6);
      assertThat(p.get(0).prompt()).contains("GPQA question 0?");
    }
  }

  @Test
  void offlineWithoutCacheAndMissingLocalFilesNameWhatIsMissing(@TempDir Path cache, @TempDir Path empty) {
    HfHub offline = new HfHub(java.net.URI.create("http://127.0.0.1:9/"), Optional.empty(), cache, true);
    assertThatThrownBy(() -> AccuracyEval.of("gsm8k").problems(hubSettings(), offline))
        .hasMessageContaining("openai/gsm8k").hasMessageContaining("HF_HUB_OFFLINE");
    assertThatThrownBy(() -> AccuracyEval.of("gsm8k").problems(Settings.of(Map.of("accuracy-data-dir", empty.toString())), null))
        .hasMessageContaining("gsm8k/test.jsonl").hasMessageContaining("infermark.accuracy-data-dir");
  }

  @Test
  void badJsonLineIsNamed(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("x.jsonl");
    Files.writeString(f, "{\"a\": 1}\n{broken\n");
    assertThatThrownBy(() -> TableReader.read(f)).hasMessageContaining("x.jsonl line 2");
    List<JsonNode> rows = TableReader.read(hubRoot.resolve("datasets/openai/gsm8k/main/test-00000-of-00001.parquet"));
    assertThat(rows).hasSize(7);
    assertThat(rows.get(0).has("file_row_number")).isFalse();
  }
}
