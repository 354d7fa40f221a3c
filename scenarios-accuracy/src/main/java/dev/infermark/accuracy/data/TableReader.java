package dev.infermark.accuracy.data;

import dev.infermark.json.Json;
import dev.infermark.json.JsonLines;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads a data file into JSON rows: JSON Lines and JSON with Jackson, Parquet and CSV with DuckDB
 * (an in-process engine that reads Parquet natively without Hadoop; rows come back as JSON).
 */
public final class TableReader {
  private TableReader() {}

  /**
   * The rows of a file, in file order.
   *
   * @throws IOException naming the file (and line) that cannot be read
   */
  public static List<JsonNode> read(Path file) throws IOException {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".jsonl")) {
      return jsonLines(file);
    }
    if (name.endsWith(".json")) {
      JsonNode n;
      try (InputStream in = Files.newInputStream(file)) { // not toFile(): built-in data may sit in a jar
        n = Json.MAPPER.readTree(in);
      } catch (JacksonException e) {
        throw new IOException(file + ": not valid JSON: " + e.getOriginalMessage(), e);
      }
      JsonNode rows = n.isArray() ? n : n.has("examples") ? n.get("examples") : n.has("rows") ? n.get("rows") : null;
      if (rows == null || !rows.isArray()) {
        throw new IOException(file + ": expected a JSON array of rows or an object with an 'examples' array");
      }
      List<JsonNode> out = new ArrayList<>();
      rows.forEach(out::add);
      return out;
    }
    if (name.endsWith(".parquet")) {
      return duckdb(file, "read_parquet('" + sqlString(file) + "', file_row_number = true)", "file_row_number");
    }
    if (name.endsWith(".csv")) {
      return duckdb(file, "read_csv('" + sqlString(file) + "', header = true, all_varchar = true)", null);
    }
    throw new IOException(file + ": unsupported data file type (expected .jsonl, .json, .parquet or .csv)");
  }

  private static List<JsonNode> jsonLines(Path file) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    try {
      JsonLines.read(file, JsonLines.Policy.STRICT, out::add);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return out;
  }

  private static List<JsonNode> duckdb(Path file, String source, String orderColumn) throws IOException {
    String sql = "SELECT to_json(t) AS j FROM " + source + " t" + (orderColumn == null ? "" : " ORDER BY " + orderColumn);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads TO 1"); // one scan thread keeps file order and stays light on shared machines
      List<JsonNode> out = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          JsonNode row = Json.parse(rs.getString(1));
          if (orderColumn != null && row.isObject()) {
            ((tools.jackson.databind.node.ObjectNode) row).remove(orderColumn);
          }
          out.add(row);
        }
      }
      return out;
    } catch (SQLException e) {
      throw new IOException(file + ": DuckDB cannot read it: " + e.getMessage(), e);
    }
  }

  private static String sqlString(Path p) {
    return p.toAbsolutePath().toString().replace("'", "''");
  }
}
