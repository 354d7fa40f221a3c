package dev.infermark.accuracy.data;

import java.io.IOException;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Where benchmark rows come from: the HuggingFace hub (cached) or a local data folder. */
public sealed interface DataSource permits HubDataSource, LocalDataSource {

  /** The rows of one split, in dataset order. */
  List<JsonNode> rows(DatasetTable table) throws IOException;

  /**
   * A text file that accompanies a benchmark but is not part of its hub dataset (DeepEval's BBH
   * prompt files), by its path relative to the data folder.
   */
  String text(String relativePath) throws IOException;

  /** Keeps rows whose filter field, when present, equals the table's filter value. */
  static List<JsonNode> filter(DatasetTable t, List<JsonNode> rows) {
    if (t.filterField() == null) {
      return rows;
    }
    return rows.stream()
        .filter(r -> !r.has(t.filterField()) || t.filterValue().equals(r.get(t.filterField()).asString()))
        .toList();
  }
}
