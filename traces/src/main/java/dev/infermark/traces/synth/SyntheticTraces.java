package dev.infermark.traces.synth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import dev.infermark.traces.weka.HashIds;
import dev.infermark.traces.weka.WekaEntry;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceWriter;

/**
 * Seeded generator of Weka-format traces whose statistics follow the real corpus: log-normal turns
 * per trace, first input around 25k tokens with a ~13k tool+system prefix, per-turn growth, outputs
 * (median 218, P90 ~940), think times (median 10 s) and API times (median 6.5 s), occasional
 * partial hash overlaps ("pull-backs") and compaction at the context limit, and sub-agents in a share
 * of traces (Explore-style, on a smaller model, sharing the parent's leading hash ids).
 * Trace {@code i} depends only on the seed and {@code i}, so corpora are reproducible and can be
 * generated in parallel. Output passes {@link dev.infermark.traces.weka.WekaTraceParser}.
 */
public final class SyntheticTraces {
  static final String MAIN_MODEL = "claude-opus-4-5-20251101";
  static final String SUB_MODEL = "claude-haiku-4-5-20251001";
  private static final int BS = 64;
  private static final int MAX_TURNS = 1178;

  private SyntheticTraces() {}

  /** {@code options.traces()} traces named {@code synth_0000...}. */
  public static List<WekaTrace> generate(SynthOptions options, long seed) {
    return IntStream.range(0, options.traces()).parallel().mapToObj(i -> trace(options, seed, i)).toList();
  }

  /** Writes {@code n} realistic traces as {@code synth_NNNN.json} files into {@code dir} (created). */
  public static List<Path> writeDirectory(Path dir, int n, long seed) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
    List<Path> files = new ArrayList<>();
    for (WekaTrace t : generate(SynthOptions.realistic(n), seed)) {
      Path f = dir.resolve(t.id() + ".json");
      WekaTraceWriter.writeFile(t, f);
      files.add(f);
    }
    return files;
  }

  /** Trace number {@code index} of the corpus. */
  public static WekaTrace trace(SynthOptions o, long seed, int index) {
    SplittableRandom rnd = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    String id = String.format("synth_%04d", index);
    int tool = clamp((int) logNormal(rnd, 10_500, 0.25), 2_000, 30_000);
    int system = clamp((int) logNormal(rnd, 2_600, 0.3), 500, 8_000);
    int turns = clamp((int) Math.round(logNormal(rnd, o.medianTurns(), 1.1)), 1, MAX_TURNS);
    Ids ids = new Ids();
    int prefixBlocks = (tool + system + BS - 1) / BS;
    int[] prefix = ids.next(prefixBlocks);

    List<WekaEntry> entries = new ArrayList<>();
    Stream main = new Stream(prefix, ids);
    int in = Math.max((prefixBlocks + 1) * BS, (int) logNormal(rnd, 24_775, 0.35));
    double t = 0;
    boolean withSubagents = rnd.nextDouble() < o.subagentTraceFraction();
    int agents = 0;
    double think = 0;
    for (int k = 0; k < turns; k++) {
      WekaRequest r = main.request(rnd, t, in, MAIN_MODEL, k == 0, think);
      entries.add(r);
      double end = t + r.apiTime();
      if (withSubagents && k + 1 < turns && rnd.nextDouble() < 0.06) {
        agents++;
        WekaSubagent s = subagent(rnd, prefix, ids, end, agents);
        entries.add(s);
        // Usually the parent waits for the sub-agent's result; sometimes it moves on.
        if (rnd.nextDouble() < 0.8) {
          end = Math.max(end, s.t() + s.durationMs() / 1000.0);
        }
      }
      think = Math.round(logNormal(rnd, 10, 1.6)); // recorded think times are whole seconds
      t = Math.ceil(end + think);
      in = main.nextInput(rnd, in, o.contextLimit(), prefixBlocks);
    }
    return new WekaTrace(id, withSubagents && agents > 0 ? List.of(MAIN_MODEL, SUB_MODEL) : List.of(MAIN_MODEL), BS,
        "local", tool, system, entries, null);
  }

  private static WekaSubagent subagent(SplittableRandom rnd, int[] parentPrefix, Ids ids, double start, int n) {
    int tool = 7_401;
    int system = 1_465;
    int prefixBlocks = (tool + system + BS - 1) / BS;
    // Siblings share their leading ids with the parent's prefix (shared tool definitions).
    int shared = Math.min(parentPrefix.length, prefixBlocks / 2);
    int[] prefix = new int[prefixBlocks];
    System.arraycopy(parentPrefix, 0, prefix, 0, shared);
    int[] own = ids.next(prefixBlocks - shared);
    System.arraycopy(own, 0, prefix, shared, own.length);
    Stream s = new Stream(prefix, ids);
    int count = clamp((int) Math.round(logNormal(rnd, 7, 0.6)), 1, 40);
    List<WekaRequest> reqs = new ArrayList<>(count);
    double t = start + 0.5;
    double think = 0;
    int in = (prefixBlocks + 1) * BS + (int) logNormal(rnd, 2_000, 0.5);
    for (int k = 0; k < count; k++) {
      WekaRequest r = s.request(rnd, round3(t), in, SUB_MODEL, k == 0, k == 0 ? 0.0 : think);
      reqs.add(r);
      think = round2(logNormal(rnd, 1.5, 0.8));
      t = r.t() + r.apiTime() + think;
      in = s.nextInput(rnd, in, 150_000, prefixBlocks);
    }
    WekaRequest last = reqs.getLast();
    double durationMs = Math.round((last.t() + last.apiTime() - start) * 1000.0);
    long total = 0;
    for (WekaRequest r : reqs) {
      total += r.in() + r.out();
    }
    return new WekaSubagent(round3(start), String.format("agent_%03d", n), "Explore", durationMs, total, count,
        "completed", reqs, List.of(SUB_MODEL), tool, system, false);
  }

  /** One conversation's hash-id state. */
  private static final class Stream {
    private final Ids ids;
    private final int[] prefix;
    private HashIds current;

    Stream(int[] prefix, Ids ids) {
      this.ids = ids;
      this.prefix = prefix;
    }

    WekaRequest request(SplittableRandom rnd, double t, int in, String model, boolean first, double think) {
      int blocks = in / BS;
      if (first) {
        int[] all = new int[blocks];
        System.arraycopy(prefix, 0, all, 0, Math.min(prefix.length, blocks));
        if (blocks > prefix.length) {
          System.arraycopy(ids.next(blocks - prefix.length), 0, all, prefix.length, blocks - prefix.length);
        }
        current = HashIds.of(all);
      } else {
        int keep = Math.min(lcp, Math.min(current.size(), blocks));
        current = HashIds.extending(current, keep, ids.next(blocks - keep));
      }
      int out = clamp((int) logNormal(rnd, 218, 1.14), 1, 32_000);
      double api = Math.min(300, round2(logNormal(rnd, 6.5, 0.7)));
      boolean streaming = rnd.nextDouble() < 0.17;
      double u = rnd.nextDouble();
      String stop = u < 0.85 ? "tool_use" : u < 0.94 ? "" : "end_turn";
      List<String> inputTypes = first || rnd.nextDouble() < 0.15 ? List.of("text") : List.of("tool_result");
      List<String> outputTypes = stop.equals("tool_use") ? List.of("text", "tool_use") : List.of("text");
      Double ttft = streaming ? round2(Math.min(api, logNormal(rnd, 1.2, 0.5))) : null;
      return new WekaRequest(t, streaming ? "s" : "n", model, in, out, current, inputTypes, outputTypes, stop, api,
          think, ttft);
    }

    private int lcp = Integer.MAX_VALUE;

    /** Next turn's input; sets how many blocks it shares with the current one. */
    int nextInput(SplittableRandom rnd, int in, int limit, int prefixBlocks) {
      int blocks = in / BS;
      int growth = (int) logNormal(rnd, 1_500, 1.2);
      if (in + growth > limit) {
        // Compaction: keep the tool+system prefix and a summary, drop the rest.
        lcp = prefixBlocks;
        return prefixBlocks * BS + BS + (int) logNormal(rnd, 20_000, 0.4);
      }
      if (rnd.nextDouble() < 0.066 && blocks > prefixBlocks + 1) {
        // Pull-back: the conversation rewrites a recent part of its context.
        lcp = prefixBlocks + (int) ((blocks - prefixBlocks) * (0.6 + 0.39 * rnd.nextDouble()));
        return Math.max(lcp * BS + BS, in + growth / 2);
      }
      lcp = blocks;
      return in + growth;
    }
  }

  /** Hands out fresh hash ids of one trace (ids start at 1, as in kv-cache-tester exports). */
  private static final class Ids {
    private int next = 1;

    int[] next(int n) {
      int[] out = new int[Math.max(0, n)];
      for (int i = 0; i < out.length; i++) {
        out[i] = next++;
      }
      return out;
    }
  }

  private static double logNormal(SplittableRandom rnd, double median, double sigma) {
    return median * Math.exp(sigma * gaussian(rnd));
  }

  private static double gaussian(SplittableRandom rnd) {
    double u = 1.0 - rnd.nextDouble();
    double v = rnd.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  private static int clamp(int v, int lo, int hi) {
    return Math.max(lo, Math.min(hi, v));
  }

  private static double round2(double v) {
    return Math.round(v * 100) / 100.0;
  }

  private static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
