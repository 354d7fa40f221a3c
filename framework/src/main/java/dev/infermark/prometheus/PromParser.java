package dev.infermark.prometheus;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A strict, streaming reader of the Prometheus text exposition format 0.0.4: families are handed
 * on one by one as they end, so memory is bounded by the largest family.
 *
 * <p>Checked: metric and label names, quoted label values with only the {@code \\ \" \n} escapes,
 * no repeated label, values ({@code NaN}, {@code +Inf}, {@code -Inf} included), optional integer
 * timestamps, at most one {@code # HELP} and one {@code # TYPE} per family and both before its
 * first sample, each family in one contiguous block, no repeated series, samples that fit their
 * family's type (histograms: {@code _bucket} with {@code le}, {@code _sum}, {@code _count};
 * summaries: {@code quantile}, {@code _sum}, {@code _count}), and histogram buckets that are
 * cumulative and end in {@code +Inf} equal to {@code _count}. Samples without a {@code # TYPE}
 * form an untyped family, as the format allows. Other {@code #} lines are comments.
 */
public final class PromParser {
  private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern NUMBER = Pattern.compile("[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");
  private static final Pattern TIMESTAMP = Pattern.compile("-?[0-9]{1,19}");

  private final String source;
  private final Consumer<MetricFamily> sink;
  private final Set<String> finished = new HashSet<>();
  private int lineNo;

  // the family being read
  private String name;
  private MetricType type;
  private boolean typed;
  private String help;
  private List<Sample> samples;
  private final Set<String> series = new HashSet<>();
  private int firstLine;

  private PromParser(String source, Consumer<MetricFamily> sink) {
    this.source = source;
    this.sink = sink;
  }

  /**
   * Reads the exposition, handing each family to {@code sink} as soon as it ends.
   *
   * @param source names the text in error messages (the URL it came from)
   * @throws PromFormatException naming the source, line and reason at the first malformed line
   */
  public static void parse(Reader in, String source, Consumer<MetricFamily> sink) throws IOException, PromFormatException {
    PromParser p = new PromParser(source, sink);
    BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in, 64 * 1024);
    String line;
    while ((line = r.readLine()) != null) {
      p.lineNo++;
      p.line(line);
    }
    p.endFamily();
  }

  /** All families of a text, in order. */
  public static List<MetricFamily> parse(String text, String source) throws PromFormatException {
    List<MetricFamily> out = new ArrayList<>();
    try {
      parse(new StringReader(text), source, out::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringReader does not fail
    }
    return out;
  }

  private void line(String raw) throws PromFormatException {
    String line = stripTrailing(raw);
    int i = skipBlanks(line, 0);
    if (i == line.length()) {
      return;
    }
    if (line.charAt(i) == '#') {
      comment(line, i + 1);
    } else {
      sample(line, i);
    }
  }

  private void comment(String line, int from) throws PromFormatException {
    int i = skipBlanks(line, from);
    int end = token(line, i);
    String keyword = line.substring(i, end);
    if (!keyword.equals("HELP") && !keyword.equals("TYPE")) {
      return; // a plain comment
    }
    i = skipBlanks(line, end);
    end = token(line, i);
    String metric = line.substring(i, end);
    if (!METRIC_NAME.matcher(metric).matches()) {
      throw error("bad metric name in # " + keyword, line);
    }
    String rest = line.substring(skipBlanks(line, end));
    enterFamily(metric, line);
    if (keyword.equals("HELP")) {
      if (help != null) {
        throw error("second # HELP for " + metric, line);
      }
      help = unescapeHelp(rest, line);
    } else {
      MetricType t = MetricType.parse(rest);
      if (t == null) {
        throw error("unknown type '" + rest + "' (counter, gauge, histogram, summary or untyped)", line);
      }
      if (typed) {
        throw error("second # TYPE for " + metric, line);
      }
      type = t;
      typed = true;
    }
  }

  /** Makes {@code metric} the current family for a HELP or TYPE line, which must come before its samples. */
  private void enterFamily(String metric, String line) throws PromFormatException {
    if (metric.equals(name)) {
      if (!samples.isEmpty()) {
        throw error("# HELP or # TYPE for " + metric + " after its samples", line);
      }
      return;
    }
    endFamily();
    if (finished.contains(metric)) {
      throw error("family " + metric + " appears twice (a family must be one block)", line);
    }
    startFamily(metric, MetricType.UNTYPED, false);
  }

  private void startFamily(String metric, MetricType t, boolean isTyped) {
    name = metric;
    type = t;
    typed = isTyped;
    help = null;
    samples = new ArrayList<>();
    series.clear();
    firstLine = lineNo;
  }

  private void sample(String line, int from) throws PromFormatException {
    int i = from;
    int end = i;
    while (end < line.length() && isNameChar(line.charAt(end), end == i)) {
      end++;
    }
    String metric = line.substring(i, end);
    if (metric.isEmpty()) {
      throw error("a sample must start with a metric name", line);
    }
    i = end;
    Map<String, String> labels = new LinkedHashMap<>();
    if (i < line.length() && line.charAt(i) == '{') {
      i = labels(line, i + 1, labels);
    }
    int valueStart = skipBlanks(line, i);
    if (valueStart == i) {
      throw error("expected a blank and a value after " + metric, line);
    }
    int valueEnd = token(line, valueStart);
    double value = value(line.substring(valueStart, valueEnd), line);
    Long ts = null;
    int tsStart = skipBlanks(line, valueEnd);
    if (tsStart < line.length()) {
      int tsEnd = token(line, tsStart);
      String t = line.substring(tsStart, tsEnd);
      if (!TIMESTAMP.matcher(t).matches() || tsEnd != line.length()) {
        throw error("expected an integer timestamp (ms) or the end of the line after the value", line);
      }
      try {
        ts = Long.parseLong(t);
      } catch (NumberFormatException e) {
        throw error("timestamp out of range", line);
      }
    }
    if (name == null || !belongs(metric, labels, line)) {
      endFamily();
      String family = familyOf(metric);
      if (finished.contains(family)) {
        throw error("sample " + metric + " outside its family " + family + " (a family must be one block)", line);
      }
      startFamily(metric, MetricType.UNTYPED, false);
    }
    String key = metric + new TreeMap<>(labels);
    if (!series.add(key)) {
      throw error("repeated series " + metric + labels, line);
    }
    samples.add(new Sample(metric, labels, value, ts));
  }

  /** Whether a sample named {@code metric} is part of the current family (checks its special labels). */
  private boolean belongs(String metric, Map<String, String> labels, String line) throws PromFormatException {
    switch (type) {
      case HISTOGRAM -> {
        if (metric.equals(name + "_bucket")) {
          if (!labels.containsKey("le")) {
            throw error("histogram bucket without an le label", line);
          }
          leValue(labels.get("le"), line);
          return true;
        }
        return metric.equals(name + "_sum") || metric.equals(name + "_count");
      }
      case SUMMARY -> {
        if (metric.equals(name)) {
          if (!labels.containsKey("quantile")) {
            throw error("summary sample without a quantile label", line);
          }
          return true;
        }
        return metric.equals(name + "_sum") || metric.equals(name + "_count");
      }
      case COUNTER -> {
        return metric.equals(name) || !name.endsWith("_total") && metric.equals(name + "_total");
      }
      default -> {
        return metric.equals(name);
      }
    }
  }

  /** The family a stray sample would belong to when its base name was declared before. */
  private String familyOf(String metric) {
    for (String suffix : new String[] {"_bucket", "_sum", "_count", "_total"}) {
      if (metric.endsWith(suffix) && finished.contains(metric.substring(0, metric.length() - suffix.length()))) {
        return metric.substring(0, metric.length() - suffix.length());
      }
    }
    return metric;
  }

  private void endFamily() throws PromFormatException {
    if (name == null) {
      return;
    }
    if (type == MetricType.HISTOGRAM) {
      checkHistogram();
    }
    finished.add(name);
    sink.accept(new MetricFamily(name, type, help == null ? "" : help, samples));
    name = null;
  }

  /** Per label set: buckets cumulative in {@code le} order, {@code +Inf} present and equal to {@code _count}. */
  private void checkHistogram() throws PromFormatException {
    Map<Map<String, String>, TreeMap<Double, Double>> buckets = new HashMap<>();
    Map<Map<String, String>, Double> counts = new HashMap<>();
    for (Sample s : samples) {
      Map<String, String> base = new TreeMap<>(s.labels());
      base.remove("le");
      if (s.name().endsWith("_bucket")) {
        buckets.computeIfAbsent(base, k -> new TreeMap<>()).put(leValue(s.labels().get("le"), null), s.value());
      } else if (s.name().endsWith("_count")) {
        counts.put(base, s.value());
      }
    }
    String where = "histogram " + name + " (from line " + firstLine + ")";
    for (var e : buckets.entrySet()) {
      double prev = Double.NEGATIVE_INFINITY;
      for (double c : e.getValue().values()) {
        if (!(c >= prev)) {
          throw new PromFormatException(source, lineNo, where + " " + e.getKey() + ": bucket counts are not cumulative", null);
        }
        prev = c;
      }
      Double inf = e.getValue().get(Double.POSITIVE_INFINITY);
      if (inf == null) {
        throw new PromFormatException(source, lineNo, where + " " + e.getKey() + ": no le=\"+Inf\" bucket", null);
      }
      Double count = counts.get(e.getKey());
      if (count != null && Double.compare(count, inf) != 0) {
        throw new PromFormatException(source, lineNo, where + " " + e.getKey() + ": le=\"+Inf\" bucket " + inf
            + " differs from _count " + count, null);
      }
    }
  }

  private double leValue(String le, String line) throws PromFormatException {
    try {
      return value(le, line);
    } catch (PromFormatException e) {
      throw error("le label '" + le + "' is not a number", line);
    }
  }

  /** Reads {@code name="value",...}} from just after the brace; returns the index after the closing brace. */
  private int labels(String line, int from, Map<String, String> labels) throws PromFormatException {
    int i = skipBlanks(line, from);
    while (true) {
      if (i >= line.length()) {
        throw error("labels not closed with }", line);
      }
      if (line.charAt(i) == '}') {
        return i + 1;
      }
      int end = i;
      while (end < line.length() && isLabelChar(line.charAt(end), end == i)) {
        end++;
      }
      if (end == i) {
        throw error("bad label name at column " + (i + 1), line);
      }
      String label = line.substring(i, end);
      i = skipBlanks(line, end);
      if (i >= line.length() || line.charAt(i) != '=') {
        throw error("expected = after label " + label, line);
      }
      i = skipBlanks(line, i + 1);
      if (i >= line.length() || line.charAt(i) != '"') {
        throw error("label " + label + ": value must be quoted", line);
      }
      StringBuilder v = new StringBuilder();
      i++;
      while (true) {
        if (i >= line.length()) {
          throw error("label " + label + ": value not closed with \"", line);
        }
        char c = line.charAt(i++);
        if (c == '"') {
          break;
        }
        if (c == '\\') {
          if (i >= line.length()) {
            throw error("label " + label + ": value not closed with \"", line);
          }
          char e = line.charAt(i++);
          switch (e) {
            case '\\' -> v.append('\\');
            case '"' -> v.append('"');
            case 'n' -> v.append('\n');
            default -> throw error("label " + label + ": unknown escape \\" + e + " (only \\\\, \\\" and \\n)", line);
          }
        } else {
          v.append(c);
        }
      }
      if (labels.put(label, v.toString()) != null) {
        throw error("repeated label " + label, line);
      }
      i = skipBlanks(line, i);
      if (i < line.length() && line.charAt(i) == ',') {
        i = skipBlanks(line, i + 1);
      } else if (i < line.length() && line.charAt(i) != '}') {
        throw error("expected , or } after label " + label, line);
      }
    }
  }

  private double value(String s, String line) throws PromFormatException {
    switch (s.toLowerCase(java.util.Locale.ROOT)) {
      case "nan" -> {
        return Double.NaN;
      }
      case "+inf", "inf" -> {
        return Double.POSITIVE_INFINITY;
      }
      case "-inf" -> {
        return Double.NEGATIVE_INFINITY;
      }
      default -> {
        if (!NUMBER.matcher(s).matches()) {
          throw error("bad value '" + s + "'", line);
        }
        return Double.parseDouble(s);
      }
    }
  }

  private static String unescapeHelp(String s, String line) {
    if (s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length() && (s.charAt(i + 1) == '\\' || s.charAt(i + 1) == 'n')) {
        b.append(s.charAt(++i) == 'n' ? '\n' : '\\');
      } else {
        b.append(c); // other backslashes stand for themselves in HELP text
      }
    }
    return b.toString();
  }

  private PromFormatException error(String reason, String line) {
    return new PromFormatException(source, lineNo, reason, line);
  }

  private static boolean isNameChar(char c, boolean first) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || !first && c >= '0' && c <= '9';
  }

  private static boolean isLabelChar(char c, boolean first) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || !first && c >= '0' && c <= '9';
  }

  private static int skipBlanks(String s, int i) {
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  private static int token(String s, int i) {
    while (i < s.length() && s.charAt(i) != ' ' && s.charAt(i) != '\t') {
      i++;
    }
    return i;
  }

  private static String stripTrailing(String s) {
    int end = s.length();
    while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
      end--;
    }
    return s.substring(0, end);
  }
}
