package dev.infermark.agentx.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.synth.SyntheticTraces;
import dev.infermark.spi.MethodologyContext;

/**
 * The corpus of an AgentX run: the one the settings select, or, with
 * {@code agentx-synthetic-traces=N} (the smoke preset), N seeded synthetic Weka traces written
 * into the folder {@code input-file} names and then loaded like any local corpus. The folder is
 * claimed with a marker file, so a folder of real traces is never overwritten.
 */
public final class SmokeCorpus {
  /** Marks a folder as written by this class (safe to rewrite). */
  static final String MARKER = ".agentx-synthetic";

  private SmokeCorpus() {}

  public static Corpus load(MethodologyContext ctx) throws IOException {
    Settings s = ctx.settings();
    Integer n = s.get(ReplayKeys.AGENTX_SYNTHETIC_TRACES);
    if (n == null || n <= 0) {
      return TraceFormats.load(s, ctx.hub(), ctx.tokenizer(), ctx.seed());
    }
    if (s.isExplicit(Keys.INPUT_FILE) && s.isExplicit(ReplayKeys.AGENTX_SYNTHETIC_TRACES)) {
      // Both chosen by the user: fine, they name the folder to write.
    } else if (s.isExplicit(Keys.INPUT_FILE)) {
      ctx.log("agentx: infermark.input-file is set explicitly: replaying it instead of synthetic traces");
      return TraceFormats.load(s, ctx.hub(), ctx.tokenizer(), ctx.seed());
    }
    String file = s.get(Keys.INPUT_FILE);
    if (file == null || file.isBlank()) {
      throw new IllegalArgumentException(ReplayKeys.AGENTX_SYNTHETIC_TRACES.property() + " needs "
          + Keys.INPUT_FILE.property() + ": the folder to write the synthetic traces into");
    }
    Path dir = Path.of(file).toAbsolutePath();
    claim(dir);
    SyntheticTraces.writeDirectory(dir, n, ctx.seed());
    ctx.log("agentx: wrote " + n + " synthetic trace(s) to " + dir + " (" + ReplayKeys.AGENTX_SYNTHETIC_TRACES.property()
        + "); a synthetic corpus is never a valid submission");
    return TraceFormats.load(s, ctx.hub(), ctx.tokenizer(), ctx.seed());
  }

  /** Creates the folder, or empties one this class wrote before; refuses any other non-empty folder. */
  static void claim(Path dir) throws IOException {
    if (Files.isRegularFile(dir)) {
      throw new IllegalArgumentException(Keys.INPUT_FILE.property() + "=" + dir + " is a file; "
          + ReplayKeys.AGENTX_SYNTHETIC_TRACES.property() + " needs a folder it can own");
    }
    if (Files.isDirectory(dir)) {
      List<Path> entries;
      try (Stream<Path> list = Files.list(dir)) {
        entries = list.toList();
      }
      if (!entries.isEmpty() && !Files.exists(dir.resolve(MARKER))) {
        throw new IllegalArgumentException(Keys.INPUT_FILE.property() + "=" + dir + " holds files not written by "
            + ReplayKeys.AGENTX_SYNTHETIC_TRACES.property() + "; refusing to overwrite them (choose an empty folder)");
      }
      for (Path p : entries) {
        if (Files.isRegularFile(p)) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(MARKER), "written by infermark agentx-synthetic-traces; safe to delete\n");
  }
}
