package dev.infermark.accuracy.data;

import dev.infermark.hub.HfHub;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Rows of HuggingFace datasets at their pinned revisions, through {@link HfHub} (its cache, and
 * offline from the cache with {@code HF_HUB_OFFLINE=1}). The split's files are picked from the
 * repository listing (or, offline, the cached snapshot): data files under the config's folder (or
 * named after the config) whose name or folder is the split.
 */
public final class HubDataSource implements DataSource {
  private final HfHub hub;
  private final String revisionOverride;

  /**
   * @param hub the hub client
   * @param revisionOverride a revision used instead of every pinned one ({@code infermark.accuracy-dataset-revision}), or {@code null}
   */
  public HubDataSource(HfHub hub, String revisionOverride) {
    this.hub = hub;
    this.revisionOverride = revisionOverride;
  }

  @Override
  public List<JsonNode> rows(DatasetTable table) throws IOException {
    String rev = revisionOverride != null ? revisionOverride : table.revision();
    List<String> files = table.hubFiles().isEmpty() ? pick(table, listing(table.repo(), rev), rev) : table.hubFiles();
    List<JsonNode> rows = new ArrayList<>();
    for (String f : files) {
      Path local = hub.download(HfHub.RepoType.DATASET, table.repo(), rev, f);
      rows.addAll(TableReader.read(local));
    }
    return DataSource.filter(table, rows);
  }

  private List<String> listing(String repo, String rev) throws IOException {
    if (!hub.offline()) {
      try {
        return hub.listFiles(HfHub.RepoType.DATASET, repo, rev);
      } catch (IOException unreachable) {
        List<String> cached = cachedListing(repo, rev);
        if (cached.isEmpty()) {
          throw unreachable;
        }
        return cached;
      }
    }
    return cachedListing(repo, rev);
  }

  /** The files of the cached snapshot of {@code rev} (a commit, or a ref resolved through {@code refs/}). */
  private List<String> cachedListing(String repo, String rev) throws IOException {
    Path repoDir = hub.repoCacheDir(HfHub.RepoType.DATASET, repo);
    String commit = rev;
    Path ref = repoDir.resolve("refs").resolve(rev);
    if (Files.isRegularFile(ref)) {
      commit = Files.readString(ref).strip();
    }
    Path snap = repoDir.resolve("snapshots").resolve(commit);
    if (!Files.isDirectory(snap)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(snap)) {
      return s.filter(Files::isRegularFile).map(p -> snap.relativize(p).toString().replace('\\', '/')).sorted().toList();
    }
  }

  static List<String> pick(DatasetTable t, List<String> files, String rev) throws IOException {
    List<String> data = files.stream().filter(HubDataSource::isData).toList();
    List<String> inConfig = t.config() == null ? data : data.stream().filter(f -> inConfig(f, t.config())).toList();
    List<String> inSplit = inConfig.stream().filter(f -> inSplit(f, t.split())).toList();
    if (inSplit.isEmpty() && t.split().equals("train")) {
      inSplit = inConfig; // single-split repositories often name the file after the dataset only
    }
    if (inSplit.isEmpty()) {
      throw new IOException("cannot find the files of " + t.repo() + (t.config() == null ? "" : " config " + t.config())
          + " split " + t.split() + " at revision " + rev + " among " + data.size() + " data files"
          + (data.isEmpty() ? " (is the dataset in the hub cache? with HF_HUB_OFFLINE=1 only cached files are seen)" : ""));
    }
    return inSplit;
  }

  private static boolean isData(String f) {
    String l = f.toLowerCase(Locale.ROOT);
    return l.endsWith(".parquet") || l.endsWith(".jsonl") || l.endsWith(".csv")
        || (l.endsWith(".json") && !l.endsWith("dataset_infos.json") && !l.endsWith("dataset_info.json"));
  }

  private static boolean inConfig(String f, String config) {
    String[] seg = f.split("/");
    for (int i = 0; i < seg.length - 1; i++) {
      if (seg[i].equals(config)) {
        return true;
      }
    }
    return stem(seg[seg.length - 1]).equals(config) || seg[seg.length - 1].startsWith(config + "-")
        || seg[seg.length - 1].startsWith(config + "_");
  }

  private static boolean inSplit(String f, String split) {
    String[] seg = f.split("/");
    String name = seg[seg.length - 1];
    if (name.startsWith(split + "-") || name.startsWith(split + ".") || stem(name).equals(split)
        || name.contains("_" + split + ".") || name.contains("-" + split + ".") || name.contains("_" + split + "-")) {
      return true;
    }
    for (int i = 0; i < seg.length - 1; i++) {
      if (seg[i].equals(split)) {
        return true;
      }
    }
    return false;
  }

  private static String stem(String name) {
    int dot = name.indexOf('.');
    return dot < 0 ? name : name.substring(0, dot);
  }

  @Override
  public String text(String relativePath) throws IOException {
    throw new IOException(relativePath + " is not on the HuggingFace hub: set infermark.accuracy-data-dir to a folder "
        + "laid out like shared/data/accuracy that holds it");
  }
}
