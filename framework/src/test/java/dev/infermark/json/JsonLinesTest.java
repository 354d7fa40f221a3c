package dev.infermark.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.json.JsonLines.Policy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesTest {
  @TempDir Path dir;

  private Path file(String text) throws IOException {
    return Files.writeString(dir.resolve("x.jsonl"), text);
  }

  private static List<Integer> ids(Path f, Policy policy, List<JsonLines.Skipped> skipped) {
    List<Integer> ids = new ArrayList<>();
    skipped.add(JsonLines.read(f, policy, n -> {
      if (!n.has("id")) {
        throw new IllegalArgumentException("id: missing");
      }
      ids.add(n.get("id").asInt());
    }));
    return ids;
  }

  @Test
  void strictStopsAtAMalformedLineNamingFileAndLine() throws IOException {
    Path f = file("{\"id\":1}\n\n{\"id\":2,}\n{\"id\":3}\n");
    List<Integer> ids = new ArrayList<>();
    assertThatThrownBy(() -> JsonLines.read(f, Policy.STRICT, n -> ids.add(n.get("id").asInt())))
        .isInstanceOf(UncheckedIOException.class).hasMessageContaining(f + " line 3: ");
    assertThat(ids).containsExactly(1);
  }

  @Test
  void strictNamesTheLineTheHandlerRejects() throws IOException {
    Path f = file("{\"id\":1}\n{\"other\":2}\n");
    assertThatThrownBy(() -> ids(f, Policy.STRICT, new ArrayList<>()))
        .isInstanceOf(UncheckedIOException.class).hasMessageContaining(f + " line 2: id: missing");
  }

  @Test
  void strictFailsOnATruncatedLastLine() throws IOException {
    Path f = file("{\"id\":1}\n{\"id\":2}\n{\"id\":3,\"te");
    assertThatThrownBy(() -> ids(f, Policy.STRICT, new ArrayList<>())).hasMessageContaining(f + " line 3: ");
  }

  @Test
  void tolerantSkipsMalformedAndRejectedLinesAndCountsThem() throws IOException {
    Path f = file("{\"id\":1}\nnot json\n{\"id\":2}\n{\"other\":0}\n{\"id\":3}\n");
    List<JsonLines.Skipped> skipped = new ArrayList<>();
    assertThat(ids(f, Policy.TOLERANT, skipped)).containsExactly(1, 2, 3);
    JsonLines.Skipped s = skipped.get(0);
    assertThat(s.lines()).isEqualTo(2);
    assertThat(s.first()).startsWith("line 2: ").doesNotContain("\n");
    assertThat(s.note("x.jsonl")).isEqualTo("x.jsonl: 2 unreadable line(s) skipped (first at " + s.first() + ")");
  }

  @Test
  void tolerantKeepsWhatPrecedesATruncatedLastLine() throws IOException {
    Path f = file("{\"id\":1}\n{\"id\":2}\n{\"id\":3,\"te");
    List<JsonLines.Skipped> skipped = new ArrayList<>();
    assertThat(ids(f, Policy.TOLERANT, skipped)).containsExactly(1, 2);
    assertThat(skipped.get(0).lines()).isEqualTo(1);
    assertThat(skipped.get(0).first()).startsWith("line 3: ");
  }

  @Test
  void anEmptyFileHoldsNoLinesUnderEitherPolicy() throws IOException {
    Path f = file("");
    for (Policy p : Policy.values()) {
      List<JsonLines.Skipped> skipped = new ArrayList<>();
      assertThat(ids(f, p, skipped)).isEmpty();
      assertThat(skipped.get(0).lines()).isZero();
      assertThat(skipped.get(0).note("x.jsonl")).isNull();
    }
  }

  @Test
  void anUnreadableFileIsAnErrorUnderEitherPolicy() {
    Path missing = dir.resolve("absent.jsonl");
    for (Policy p : Policy.values()) {
      assertThatThrownBy(() -> JsonLines.read(missing, p, n -> {})).isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining("cannot read " + missing);
    }
  }

  @Test
  void blankLinesAreNeitherRecordsNorBad() throws IOException {
    Path f = file("\n  \n{\"id\":7}\r\n\n");
    List<JsonLines.Skipped> skipped = new ArrayList<>();
    assertThat(ids(f, Policy.STRICT, skipped)).containsExactly(7);
    assertThat(skipped.get(0).lines()).isZero();
  }

  @Test
  void tornTailSkipsOnlyABadLastLine() throws IOException {
    Path torn = file("{\"id\":1}\n{\"id\":2}\n{\"id\":3,\"te");
    List<JsonLines.Skipped> skipped = new ArrayList<>();
    assertThat(ids(torn, Policy.TORN_TAIL, skipped)).containsExactly(1, 2);
    assertThat(skipped.get(0).lines()).isEqualTo(1);
    assertThat(skipped.get(0).first()).startsWith("line 3: ");

    Path middle = file("{\"id\":1}\n{\"id\":2,\n{\"id\":3}\n");
    assertThatThrownBy(() -> ids(middle, Policy.TORN_TAIL, new ArrayList<>())).isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(middle + " line 2: ");

    Path whole = file("{\"id\":1}\n{\"id\":2}\n\n");
    List<JsonLines.Skipped> none = new ArrayList<>();
    assertThat(ids(whole, Policy.TORN_TAIL, none)).containsExactly(1, 2);
    assertThat(none.get(0).lines()).isZero();
  }
}
