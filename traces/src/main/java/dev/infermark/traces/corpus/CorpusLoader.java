package dev.infermark.traces.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.infermark.hub.HfHub;
import dev.infermark.json.Json;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.traces.topology.ModelMap;
import dev.infermark.traces.topology.SplitOptions;
import dev.infermark.traces.topology.TopologyOptions;
import dev.infermark.traces.weka.WekaEntry;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;
import dev.infermark.traces.weka.WekaTraceParser;
import tools.jackson.databind.node.ObjectNode;

/**
 * Resolves the corpus source from settings (spec §2.2–2.4), reads and validates its traces,
 * filters by {@code max-context-length}, then caps to {@code num-dataset-entries}, and hands them
 * to {@link CorpusBuilder}.
 */
public final class CorpusLoader {
  private static final System.Logger LOG = System.getLogger(CorpusLoader.class.getName());
  /** The file of a Weka HF dataset repo. */
  public static final String HF_FILE = "traces.jsonl";
  /** Split name reported in the dataset metadata (the repos hold one file). */
  public static final String HF_SPLIT = "train";

  private CorpusLoader() {}

  /**
   * Loads the Weka corpus the settings select ({@code input-file}, {@code hf-weka-dataset} or {@code public-dataset}),
   * applies {@code max-context-length}, {@code num-dataset-entries} and the model mapping, and builds prompts under
   * {@code tokenizer}. Reached through {@code TraceFormats.load} (the {@code weka_trace} format, and the public
   * corpora).
   *
   * @throws IllegalArgumentException naming the bad setting, file, row or field
   */
  public static Corpus load(Settings settings, HfHub hub, Tokenizer tokenizer, long seed) {
    String inputFile = settings.get(Keys.INPUT_FILE);
    String hfDataset = settings.get(CorpusKeys.HF_WEKA_DATASET);
    String alias = settings.get(Keys.PUBLIC_DATASET);
    int chosen = (blank(inputFile) ? 0 : 1) + (blank(hfDataset) ? 0 : 1) + (blank(alias) ? 0 : 1);
    if (chosen == 0) {
      throw new IllegalArgumentException("no AgentX corpus selected: set infermark.public-dataset (e.g. "
          + "semianalysis_cc_traces_weka_062126), infermark.hf-weka-dataset or infermark.input-file");
    }
    if (chosen > 1) {
      throw new IllegalArgumentException("choose one AgentX corpus source: infermark.input-file="
          + inputFile + ", infermark.hf-weka-dataset=" + hfDataset + ", infermark.public-dataset=" + alias);
    }
    List<WekaTrace> traces;
    String loader;
    ObjectNode meta = Json.object();
    if (!blank(inputFile)) {
      loader = "weka_trace";
      traces = readLocal(Path.of(inputFile));
      meta.put("source_type", "file");
      meta.put("loader", loader);
      meta.put("input_file", inputFile);
    } else {
      String repoSpec = !blank(hfDataset) ? hfDataset.trim() : PublicDatasets.repo(alias);
      loader = !blank(hfDataset) ? "weka_hf" : alias.trim();
      String repo = repoSpec;
      String revision = null;
      int at = repoSpec.indexOf('@');
      if (at > 0) {
        repo = repoSpec.substring(0, at);
        revision = repoSpec.substring(at + 1);
      }
      traces = readHf(hub, repo, revision);
      // AIPerf's public-dataset provenance (hf-weka-dataset is its weka_hf public loader)
      meta.put("source_type", "public_dataset");
      meta.put("loader", loader);
      meta.put("hf_dataset_name", repo);
      meta.put("hf_split", HF_SPLIT);
      if (revision != null) {
        meta.put("hf_revision", revision);
      }
    }
    Integer osl = settings.get(CorpusKeys.SYNTHESIS_MAX_OSL);
    traces = filterByContext(traces, settings.get(CorpusKeys.MAX_CONTEXT_LENGTH), osl);
    Integer cap = settings.get(Keys.NUM_DATASET_ENTRIES);
    if (cap != null) {
      if (cap <= 0) {
        throw new IllegalArgumentException(Keys.NUM_DATASET_ENTRIES.property() + " must be > 0, got " + cap);
      }
      traces = traces.subList(0, Math.min(cap, traces.size()));
    }
    if (blank(inputFile)) {
      // as AIPerf: the entries asked for, when they were
      if (cap != null) {
        meta.put("num_dataset_entries", cap);
      }
    } else {
      meta.put("num_dataset_entries", traces.size());
    }
    TopologyOptions options = new TopologyOptions(osl, new ModelMap(settings.get(Keys.MODEL)),
        settings.get(CorpusKeys.WEKA_SPLIT_FLATTENED_AGENTS), splitOptions(settings));
    return CorpusBuilder.build(traces, options, tokenizer, seed, settings.get(CorpusKeys.PROMPT_INPUT_TOKENS_BLOCK_SIZE),
        meta, loader);
  }

  /** The §2.6 thresholds; a negative value fails naming its setting. */
  static SplitOptions splitOptions(Settings settings) {
    return new SplitOptions(settings.get(CorpusKeys.WEKA_SEAM_MAX_GAP_SECONDS),
        settings.get(CorpusKeys.WEKA_SEAM_MIN_OVERLAP_RATIO), settings.get(CorpusKeys.WEKA_AUX_MAX_REQUESTS),
        settings.get(CorpusKeys.WEKA_AUX_ISL_RATIO), settings.get(CorpusKeys.WEKA_AUX_ISL_FLOOR),
        settings.get(CorpusKeys.WEKA_AUX_CROSS_MODEL), settings.get(CorpusKeys.WEKA_AUX_REDUCTION_OSL_MAX),
        settings.get(CorpusKeys.WEKA_AUX_REDUCTION_RATIO), settings.get(CorpusKeys.WEKA_WORKER_GROUP_MIN));
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  /**
   * Reads a local corpus: one {@code .json} trace, a {@code .jsonl} file of traces, or a folder whose
   * {@code *.json} files are read in sorted order.
   *
   * @throws IllegalArgumentException for a missing path, an invalid file or a duplicate trace id
   */
  public static List<WekaTrace> readLocal(Path path) {
    if (Files.isDirectory(path)) {
      List<Path> files;
      try (Stream<Path> s = Files.list(path)) {
        files = s.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p)).sorted().toList();
      } catch (IOException e) {
        throw new UncheckedIOException("infermark.input-file: cannot list " + path + ": " + e.getMessage(), e);
      }
      if (files.isEmpty()) {
        throw new IllegalArgumentException("infermark.input-file: folder " + path + " holds no *.json trace files");
      }
      List<WekaTrace> out = new ArrayList<>(files.size());
      Map<String, Path> ids = new HashMap<>();
      for (Path f : files) {
        WekaTrace t = WekaTraceParser.parseFile(f);
        Path prior = ids.putIfAbsent(t.id(), f);
        if (prior != null) {
          throw new IllegalArgumentException("Duplicate trace id '" + t.id() + "' in directory: '" + f
              + "' conflicts with a prior file '" + prior + "'");
        }
        out.add(t);
      }
      return out;
    }
    if (!Files.isRegularFile(path)) {
      throw new IllegalArgumentException("infermark.input-file: " + path + " is neither a trace file nor a folder");
    }
    if (path.getFileName().toString().endsWith(".jsonl")) {
      return readJsonl(path, path.toString());
    }
    return List.of(WekaTraceParser.parseFile(path));
  }

  /** Reads a {@code traces.jsonl} file; errors name {@code source row N}; duplicate ids are errors. */
  public static List<WekaTrace> readJsonl(Path file, String source) {
    List<WekaTrace> out = new ArrayList<>();
    Map<String, Integer> ids = new HashMap<>();
    WekaTraceParser.parseJsonl(file, source, t -> {
      Integer prior = ids.putIfAbsent(t.id(), out.size());
      if (prior != null) {
        throw new IllegalArgumentException(source + ": duplicate trace id '" + t.id() + "' (trace " + (out.size() + 1)
            + " repeats trace " + (prior + 1) + ")");
      }
      out.add(t);
    });
    if (out.isEmpty()) {
      throw new IllegalArgumentException(source + ": no traces (empty file)");
    }
    return out;
  }

  /** Downloads (or reads from the hub cache) a dataset repo's {@code traces.jsonl} and parses it. */
  public static List<WekaTrace> readHf(HfHub hub, String repo, String revision) {
    Path file;
    try {
      file = hub.download(HfHub.RepoType.DATASET, repo, revision, HF_FILE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot get the Weka corpus " + repo + (revision == null ? "" : "@" + revision)
          + " (" + HF_FILE + "): " + e.getMessage(), e);
    }
    return readJsonl(file, repo + "/" + HF_FILE);
  }

  /**
   * Drops every trace whose peak context exceeds {@code limit} (spec §2.3): the peak is the largest
   * {@code in + min(out, maxOsl)} over parent requests and {@code in + out} over sub-agent requests.
   *
   * @throws IllegalArgumentException when no trace is left
   */
  public static List<WekaTrace> filterByContext(List<WekaTrace> traces, Integer limit, Integer maxOsl) {
    if (limit == null) {
      return traces;
    }
    List<WekaTrace> kept = new ArrayList<>(traces.size());
    long largest = 0;
    for (WekaTrace t : traces) {
      long peak = peakContext(t, maxOsl);
      largest = Math.max(largest, peak);
      if (peak <= limit) {
        kept.add(t);
      }
    }
    if (kept.isEmpty()) {
      throw new IllegalArgumentException("All " + traces.size() + " traces exceed --max-context-length=" + limit
          + " tokens (infermark.max-context-length); nothing left to benchmark. Raise the limit or use a smaller-context dataset.");
    }
    if (kept.size() < traces.size()) {
      LOG.log(System.Logger.Level.INFO, "--max-context-length={0}: dropped {1}/{2} traces exceeding the limit "
          + "(largest observed: {3} tokens).", limit, traces.size() - kept.size(), traces.size(), largest);
    }
    return kept;
  }

  /** The peak context of a trace as {@link #filterByContext} measures it. */
  public static long peakContext(WekaTrace t, Integer maxOsl) {
    long peak = 0;
    for (WekaEntry e : t.requests()) {
      switch (e) {
        case WekaRequest r -> peak = Math.max(peak, (long) r.in() + (maxOsl == null ? r.out() : Math.min(r.out(), maxOsl)));
        case WekaSubagent s -> {
          for (WekaRequest r : s.requests()) {
            peak = Math.max(peak, (long) r.in() + r.out());
          }
        }
      }
    }
    return peak;
  }
}
