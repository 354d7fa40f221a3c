package dev.infermark.traces.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.WordTokenizer;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.testkit.ContextJar;

/**
 * The plug-in point: formats named by {@code custom-dataset-type} (or an alias, in any case) or detected from the
 * file, a clear error naming the candidates when two recognize it, and a format from a jar built here (compiled
 * at test time, registered in its own service file) loading through it.
 */
class TraceFormatsTest {
  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private static String detected(Path p) {
    return TraceFormats.detect(new TraceFile(p)).name();
  }

  @Test
  void everyBuiltInFormatIsFoundByNameAndAlias() {
    assertThat(TraceFormats.available()).extracting(TraceFormat::name).containsExactlyInAnyOrder("weka_trace",
        "mooncake_trace", "burst_gpt_trace", "inputs_json", "raw_payload", "single_turn", "multi_turn", "sharegpt");
    assertThat(TraceFormats.named("BurstGPT").name()).isEqualTo("burst_gpt_trace");
    assertThatThrownBy(() -> TraceFormats.named("mooncake")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("infermark.custom-dataset-type: unknown format 'mooncake'")
        .hasMessageContaining("did you mean 'mooncake_trace'?").hasMessageContaining("known: burst_gpt_trace, burstgpt");
  }

  @Test
  void eachFormatIsDetectedFromItsFile() throws IOException {
    assertThat(detected(write("m.jsonl", "{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 5, \"hash_ids\": [1, 2]}\n")))
        .isEqualTo("mooncake_trace");
    assertThat(detected(write("b.csv", "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
        + "5,ChatGPT,472,18,490,Conversation log\n"))).isEqualTo("burst_gpt_trace");
    assertThat(detected(write("inputs.json", "{\"data\": [{\"session_id\": \"s\", \"payloads\": [{\"messages\": []}]}]}")))
        .isEqualTo("inputs_json");
    assertThat(detected(write("p.jsonl", "{\"model\": \"m\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}\n")))
        .isEqualTo("raw_payload");
    assertThat(detected(write("s.jsonl", "{\"text\": \"hello\"}\n"))).isEqualTo("single_turn");
    assertThat(detected(write("t.jsonl", "{\"session_id\": \"a\", \"turns\": [{\"text\": \"hi\"}]}\n"))).isEqualTo("multi_turn");
    assertThat(detected(write("g.json", "[{\"id\": \"x\", \"conversations\": [{\"from\": \"human\", \"value\": \"q\"}]}]")))
        .isEqualTo("sharegpt");
    assertThat(detected(write("w.json", "{\"id\": \"t\", \"models\": [\"m\"], \"block_size\": 64, \"hash_id_scope\": "
        + "\"local\", \"requests\": []}"))).isEqualTo("weka_trace");
  }

  @Test
  void aFileTwoFormatsReadNeedsItsTypeAndTheErrorNamesBoth() throws IOException {
    // bare messages: a Mooncake row as much as a raw request body
    Path both = write("both.jsonl", "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}\n");
    assertThatThrownBy(() -> detected(both)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("could be mooncake_trace or raw_payload")
        .hasMessageContaining("set infermark.custom-dataset-type");
    Path none = write("x.txt", "hello world\n");
    assertThatThrownBy(() -> detected(none)).hasMessageContaining("no known format recognizes it (first line: hello world)")
        .hasMessageContaining("weka_trace");
    Corpus c = TraceFormats.load(Settings.of(Map.of("input-file", both.toString(), "custom-dataset-type", "raw_payload")),
        null, WordTokenizer.instance(), 1);
    assertThat(c.loader()).isEqualTo("raw_payload");
  }

  @Test
  void aFormatFromAJarBuiltNowLoadsThroughThePlugInPoint() throws Exception {
    Path jar = compiledFormatJar();
    Path data = write("lengths.txt", "0 100 5\n250 300 7\n");
    Corpus c = ContextJar.with(jar, () -> {
      assertThat(TraceFormats.available()).extracting(TraceFormat::name).contains("lengths");
      return TraceFormats.load(Settings.of(Map.of("input-file", data.toString(), "custom-dataset-type", "lengths")),
          null, WordTokenizer.instance(), 1);
    });
    assertThat(c.loader()).isEqualTo("lengths");
    assertThat(c.trees()).hasSize(2);
    assertThat(c.trees().get(1).root().turns().getFirst().timestampMs()).isEqualTo(250.0);
    assertThat(WordTokenizer.instance().count(c.prompts().messages(c.trees().get(1).root(), 0).getFirst().content()
        .toString())).isEqualTo(300);
    // without the jar the name is unknown
    assertThatThrownBy(() -> TraceFormats.named("lengths")).hasMessageContaining("unknown format 'lengths'");
  }

  /** A format of one's own: lines of {@code timestamp_ms input_tokens output_tokens}, compiled into a jar here. */
  private Path compiledFormatJar() throws IOException {
    Path src = dir.resolve("src/acme/LengthsFormat.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, """
        package acme;

        import java.nio.file.Files;
        import java.util.ArrayList;
        import java.util.List;
        import dev.infermark.traces.corpus.Corpus;
        import dev.infermark.traces.format.*;

        public final class LengthsFormat implements TraceFormat {
          public String name() { return "lengths"; }
          public String description() { return "timestamp_ms input_tokens output_tokens a line"; }
          public boolean recognizes(TraceFile file) { return false; }
          public Corpus load(TraceFile file, TraceLoad load) throws java.io.IOException {
            List<TraceSession> sessions = new ArrayList<>();
            for (String line : Files.readAllLines(file.path())) {
              String[] f = line.trim().split(" ");
              sessions.add(new TraceSession("row-" + sessions.size(), List.of(TraceRequest.blocks(Double.parseDouble(f[0]),
                  Double.NaN, Integer.parseInt(f[1]), Integer.parseInt(f[2]), new int[0]))));
            }
            return load.corpus(file, sessions, name(), load.blockSize(64));
          }
        }
        """);
    Path classes = dir.resolve("classes");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
        src.toString());
    assertThat(rc).as("the format compiles against the SPI").isZero();
    Path jar = dir.resolve("lengths-format.jar");
    try (OutputStream f = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(f)) {
      out.putNextEntry(new JarEntry("acme/LengthsFormat.class"));
      out.write(Files.readAllBytes(classes.resolve("acme/LengthsFormat.class")));
      out.closeEntry();
      out.putNextEntry(new JarEntry("META-INF/services/" + TraceFormat.class.getName()));
      out.write("acme.LengthsFormat\n".getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return jar;
  }


  @Test
  void theDatasetSettingsThatContradictFailNamingThem() throws IOException {
    Path m = write("m.jsonl", "{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 5}\n");
    assertThatThrownBy(() -> TraceFormats.load(Settings.of(Map.of("input-file", m.toString(), "public-dataset",
        "semianalysis_cc_traces_weka_062126")), null, WordTokenizer.instance(), 1))
        .hasMessageContaining("choose one dataset: infermark.input-file=");
    assertThatThrownBy(() -> TraceFormats.load(Settings.of(Map.of("custom-dataset-type", "mooncake_trace")), null,
        WordTokenizer.instance(), 1)).hasMessageContaining("custom-dataset-type=mooncake_trace reads a file: set "
        + "infermark.input-file");
    assertThatThrownBy(() -> TraceFormats.load(Settings.of(Map.of("input-file", dir.resolve("nope.jsonl").toString())),
        null, WordTokenizer.instance(), 1)).hasMessageContaining("does not exist");
    assertThat(List.of(TraceFormats.load(Settings.of(Map.of("input-file", m.toString())), null, WordTokenizer.instance(),
        1).loader())).containsExactly("mooncake_trace");
  }
}
