package dev.infermark.traces.formats;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.format.TraceFile;
import dev.infermark.traces.format.TraceFormat;
import dev.infermark.traces.format.TraceLoad;
import dev.infermark.traces.format.TraceRequest;
import dev.infermark.traces.format.TraceSession;

/**
 * BurstGPT traces ({@code burst_gpt_trace}, also {@code burstgpt}; github.com/HPMLL/BurstGPT): a CSV with the header
 * {@code Timestamp, Model, Request tokens, Response tokens, Total tokens, Log Type}; {@code Timestamp} in seconds
 * from the trace's start. Each row is one request of its own; its prompt is rebuilt to {@code Request tokens}
 * (there are no hash ids: no prefix is shared) and it asks for {@code Response tokens}. A row of 0 response tokens
 * (a request that failed in the recording) asks for 1, the least a server generates. Only the three columns are
 * read; the others are checked to be there.
 */
public final class BurstGptFormat implements TraceFormat {
  static final List<String> COLUMNS = List.of("Timestamp", "Model", "Request tokens", "Response tokens", "Total tokens",
      "Log Type");
  private static final System.Logger LOG = System.getLogger(BurstGptFormat.class.getName());

  @Override
  public String name() {
    return "burst_gpt_trace";
  }

  @Override
  public List<String> aliases() {
    return List.of("burstgpt");
  }

  @Override
  public String description() {
    return "BurstGPT CSV: Timestamp (s), Model, Request tokens, Response tokens, Total tokens, Log Type";
  }

  @Override
  public boolean recognizes(TraceFile file) {
    if (file.directory() || file.firstRecord() != null) {
      return false;
    }
    List<String> header = split(file.firstLine());
    return header.contains("Timestamp") && header.contains("Request tokens") && header.contains("Response tokens");
  }

  @Override
  public Corpus load(TraceFile file, TraceLoad load) throws IOException {
    List<TraceSession> sessions = new ArrayList<>();
    int failed = 0;
    try (BufferedReader in = Files.newBufferedReader(file.path(), StandardCharsets.UTF_8)) {
      String line = in.readLine();
      List<String> header = split(line == null ? "" : line);
      for (String c : COLUMNS) {
        if (!header.contains(c)) {
          throw new IllegalArgumentException(file.path() + " line 1: the header has no column '" + c + "' (a BurstGPT CSV "
              + "has " + String.join(", ", COLUMNS) + "); got " + header);
        }
      }
      int ts = header.indexOf("Timestamp");
      int req = header.indexOf("Request tokens");
      int resp = header.indexOf("Response tokens");
      int n = 1;
      while ((line = in.readLine()) != null) {
        n++;
        if (line.isBlank()) {
          continue;
        }
        List<String> cells = split(line);
        if (cells.size() != header.size()) {
          throw new IllegalArgumentException(file.path() + " line " + n + ": " + cells.size() + " columns, the header has "
              + header.size());
        }
        double seconds = number(file, n, "Timestamp", cells.get(ts));
        int input = (int) whole(file, n, "Request tokens", cells.get(req));
        int output = (int) whole(file, n, "Response tokens", cells.get(resp));
        if (output == 0) {
          failed++;
          output = 1;
        }
        sessions.add(new TraceSession("row-" + n, List.of(TraceRequest.blocks(seconds * 1000, Double.NaN, input, output,
            new int[0]))));
      }
    }
    if (failed > 0) {
      LOG.log(System.Logger.Level.INFO, "{0}: {1} rows with 0 response tokens (failed in the recording) ask for 1",
          file.name(), failed);
    }
    return load.corpus(file, sessions, name(), load.blockSize(512));
  }

  private static double number(TraceFile file, int line, String column, String cell) {
    try {
      double v = Double.parseDouble(cell.strip());
      if (!Double.isFinite(v) || v < 0) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(file.path() + " line " + line + ": " + column + ": must be a number >= 0, got '"
          + cell + "'");
    }
  }

  private static long whole(TraceFile file, int line, String column, String cell) {
    double v = number(file, line, column, cell);
    if (v != Math.rint(v) || v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(file.path() + " line " + line + ": " + column + ": must be a whole number of "
          + "tokens, got '" + cell + "'");
    }
    return (long) v;
  }

  /** One CSV line's cells (double quotes group, {@code ""} is a quote), stripped. */
  static List<String> split(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        out.add(cell.toString().strip());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    out.add(cell.toString().strip());
    return out.stream().map(s -> s.replace("\uFEFF", "")).toList();
  }

}
