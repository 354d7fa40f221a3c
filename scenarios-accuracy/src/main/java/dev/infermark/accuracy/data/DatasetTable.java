package dev.infermark.accuracy.data;

import java.util.List;

/**
 * One split of a benchmark dataset, as found on the HuggingFace hub and in a local data folder.
 *
 * @param repo the hub dataset id ({@code lighteval/mmlu})
 * @param revision the pinned commit (spec §0)
 * @param config the dataset config (subset), or {@code null}
 * @param split the split ({@code test}, {@code dev}, ...)
 * @param hubFiles explicit files in the hub repository (raw files such as LiveCodeBench's), or empty
 *     to pick the config's split among the repository's data files
 * @param localPaths paths relative to {@code infermark.accuracy-data-dir}, first existing wins
 * @param filterField a row field that must equal {@code filterValue} (a subject in a combined file), or {@code null}
 * @param filterValue the value {@code filterField} must have
 */
public record DatasetTable(String repo, String revision, String config, String split, List<String> hubFiles,
    List<String> localPaths, String filterField, String filterValue) {

  public DatasetTable {
    hubFiles = List.copyOf(hubFiles);
    localPaths = List.copyOf(localPaths);
  }

  public static DatasetTable of(String repo, String revision, String config, String split, String... localPaths) {
    return new DatasetTable(repo, revision, config, split, List.of(), List.of(localPaths), null, null);
  }

  /** Keeps only rows whose {@code field} equals {@code value} (when rows carry that field). */
  public DatasetTable filtered(String field, String value) {
    return new DatasetTable(repo, revision, config, split, hubFiles, localPaths, field, value);
  }

  public DatasetTable withHubFiles(List<String> files) {
    return new DatasetTable(repo, revision, config, split, files, localPaths, filterField, filterValue);
  }

  /** {@code repo[/config]:split@revision}, for messages. */
  public String describe() {
    return repo + (config == null ? "" : "/" + config) + ":" + split + "@" + revision;
  }
}
