package dev.infermark.accuracy.data;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Rows from a local folder laid out like {@code shared/data/accuracy} (one sub-folder per
 * benchmark, {@code infermark.accuracy-data-dir}). Parsed files are kept for the life of the
 * source, since several tasks read the same combined file.
 */
public final class LocalDataSource implements DataSource {
  private final Path dir;
  private final Map<Path, List<JsonNode>> cache = new ConcurrentHashMap<>();

  public LocalDataSource(Path dir) {
    this.dir = dir;
  }

  public Path dir() {
    return dir;
  }

  @Override
  public List<JsonNode> rows(DatasetTable table) throws IOException {
    Path file = locate(table);
    List<JsonNode> rows = cache.get(file);
    if (rows == null) {
      rows = TableReader.read(file);
      cache.put(file, rows);
    }
    return DataSource.filter(table, rows);
  }

  private Path locate(DatasetTable table) throws IOException {
    for (String rel : table.localPaths()) {
      Path p = dir.resolve(rel);
      if (Files.isRegularFile(p)) {
        return p;
      }
      // The same table as Parquet (a hub download dropped into the folder) is accepted too.
      String s = p.getFileName().toString();
      int dot = s.lastIndexOf('.');
      Path parquet = p.resolveSibling((dot < 0 ? s : s.substring(0, dot)) + ".parquet");
      if (Files.isRegularFile(parquet)) {
        return parquet;
      }
    }
    throw new IOException("no local data for " + table.describe() + ": none of " + table.localPaths()
        + " exists under " + dir.toAbsolutePath() + " (infermark.accuracy-data-dir)");
  }

  @Override
  public String text(String relativePath) throws IOException {
    Path p = dir.resolve(relativePath);
    if (!Files.isRegularFile(p)) {
      throw new IOException("missing " + p.toAbsolutePath() + " (infermark.accuracy-data-dir)");
    }
    return Files.readString(p, StandardCharsets.UTF_8);
  }
}
