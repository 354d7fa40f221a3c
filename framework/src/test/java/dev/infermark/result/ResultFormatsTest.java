package dev.infermark.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.metrics.Records;
import dev.infermark.settings.Settings;
import dev.infermark.testkit.ContextJar;

class ResultFormatsTest {
  @TempDir
  Path dir;

  /** A format of a module of one's own: a file saying how many requests the run counted. */
  public static final class CountFormat implements ResultFormat {
    @Override
    public String name() {
      return "request-count";
    }

    @Override
    public String description() {
      return "request_count.txt";
    }

    @Override
    public boolean appliesTo(RunResults results) {
      return results.measured().isPresent();
    }

    @Override
    public void write(RunResults results, Consumer<String> console) throws IOException {
      Files.writeString(results.runDir().resolve("request_count.txt"), results.recorded().profiling().requestCount() + "\n");
      console.accept("request_count.txt written");
    }
  }

  /** A derived format that always fails. */
  public static final class BrokenView implements ResultFormat {
    @Override
    public String name() {
      return "broken-view";
    }

    @Override
    public String description() {
      return "broken.html";
    }

    @Override
    public boolean appliesTo(RunResults results) {
      return true;
    }

    @Override
    public boolean derived() {
      return true;
    }

    @Override
    public void write(RunResults results, Consumer<String> console) throws IOException {
      throw new IOException("disk full");
    }
  }

  private RunResults recorded() {
    RunInfo info = new RunInfo("formats", "bench-f", 1L, Map.of(), Optional.empty(), false, Instant.EPOCH, Instant.EPOCH,
        null, 0);
    try (RunRecorder rec = new RunRecorder(dir, Settings.empty())) {
      rec.accept(Records.ok(Phase.WARMUP, "w1", 500_000_000L, new long[] {10}, 20, 5, 5, null));
      for (RequestRecord r : Records.reference()) {
        rec.accept(r);
      }
      return RunResults.of(dir, info, rec.finish(info));
    }
  }

  /** A jar holding only the service registration, as a module of one's own would ship it. */
  private Path jarRegistering(Class<?>... formats) throws IOException {
    return ContextJar.registering(dir.resolve("formats.jar"), ResultFormat.class, formats);
  }


  @Test
  void byDefaultEveryFormatThatAppliesIsWrittenTheConsoleTableFirst() {
    assertThat(ResultFormats.available()).extracting(ResultFormat::name).startsWith("console")
        .contains("aiperf-json", "aiperf-csv");
    ResultFormats.Written w = ResultFormats.of(Settings.empty()).write(recorded());
    assertThat(dir.resolve("profile_export_aiperf.json")).exists();
    assertThat(dir.resolve("profile_export_aiperf.csv")).exists();
    assertThat(w.lines().get(0)).startsWith("infermark formats — profiling");
  }

  @Test
  void theSettingPicksFormatsByName() {
    ResultFormats.Written w = ResultFormats.of(Settings.of(Map.of("result-formats", "AIPERF-JSON"))).write(recorded());
    assertThat(dir.resolve("profile_export_aiperf.json")).exists();
    assertThat(dir.resolve("profile_export_aiperf.csv")).doesNotExist();
    assertThat(w.lines()).isEmpty(); // no console table either
  }

  @Test
  void anUnknownNameIsAnErrorWithDidYouMeanAndTheKnownNames() {
    assertThatThrownBy(() -> ResultFormats.of(Settings.of(Map.of("result-formats", "aiperf-jsn,nothing-like-it"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("infermark.result-formats: unknown result format 'aiperf-jsn' (did you mean 'aiperf-json'?), "
            + "'nothing-like-it'; known: console, aiperf-csv, aiperf-json");
  }

  @Test
  void aFormatOfOneselfRegisteredInAJarIsFoundAndWritten() throws Exception {
    Path jar = jarRegistering(CountFormat.class);
    assertThatThrownBy(() -> ResultFormats.named(List.of("request-count"))).hasMessageContaining("unknown result format");
    ResultFormats.Written w = ContextJar.with(jar, () -> {
      assertThat(ResultFormats.available()).extracting(ResultFormat::name).contains("request-count");
      return ResultFormats.of(Settings.of(Map.of("result-formats", "request-count,aiperf-json"))).write(recorded());
    });
    assertThat(dir.resolve("request_count.txt")).hasContent("3");
    assertThat(dir.resolve("profile_export_aiperf.json")).exists();
    assertThat(dir.resolve("profile_export_aiperf.csv")).doesNotExist();
    assertThat(w.lines()).containsExactly("request_count.txt written");
  }

  @Test
  void aDerivedFormatsFailureIsAWarningAndAPlainOnesFailsTheRunNamingIt() throws Exception {
    ResultFormats.Written w = ContextJar.with(jarRegistering(BrokenView.class),
        () -> ResultFormats.named(List.of("broken-view", "aiperf-json")).write(recorded()));
    assertThat(dir.resolve("profile_export_aiperf.json")).exists();
    assertThat(w.derivedLines()).singleElement().asString().startsWith("infermark: WARNING broken.html was not written into ")
        .endsWith("disk full");

    Path blocked = dir.resolve("blocked");
    Files.writeString(blocked, "a file where the run folder should be");
    RunResults r = recorded();
    RunResults intoAFile = new RunResults(blocked, r.info(), r.recorded(), r.result(), r.slos(), r.sections());
    assertThatThrownBy(() -> ResultFormats.named(List.of("aiperf-csv")).write(intoAFile))
        .hasMessageContaining("cannot write the results into " + blocked).hasMessageContaining("aiperf-csv: cannot write");
  }
}
