package dev.infermark.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Requests as bars on their lanes over time. A lane's first row holds its root streams (one
 * session tree after another); its sub-agent streams are packed into the rows below it, deeper
 * agents further down, so a tree's sub-agents sit under their root while they run.
 */
final class SwimLane {
  static final int MAX_LANES = 96;
  static final int MAX_BARS = 40_000;
  static final int WARMUP = 1;
  static final int FAILED = 2;
  static final int CANCELLED = 4;

  private SwimLane() {}

  private record Stream(String id, String tree, String parent, int depth, long start, long end, List<Row> rows) {}

  static ObjectNode of(List<Row> rows, long t0) {
    TreeMap<Integer, Map<String, List<Row>>> lanes = new TreeMap<>();
    for (Row r : rows) {
      if (r.lane() >= 0 && r.timed()) {
        lanes.computeIfAbsent(r.lane(), l -> new LinkedHashMap<>())
            .computeIfAbsent(r.stream() == null ? "lane" : r.stream(), s -> new ArrayList<>()).add(r);
      }
    }
    if (lanes.isEmpty()) {
      return null;
    }
    ObjectNode o = Json.object();
    o.put("lanes_total", lanes.size());
    ArrayNode labels = o.putArray("rows");
    ArrayNode bars = o.putArray("bars");
    ArrayNode links = o.putArray("links");
    ArrayNode trees = o.putArray("tree_ids");
    Map<String, Integer> treeIndex = new HashMap<>();
    Map<String, Integer> streamRow = new HashMap<>();
    int row = 0;
    int shown = 0;
    int barCount = 0;
    boolean truncated = false;
    for (Map.Entry<Integer, Map<String, List<Row>>> lane : lanes.entrySet()) {
      if (shown == MAX_LANES) {
        truncated = true;
        break;
      }
      shown++;
      List<Stream> streams = new ArrayList<>();
      for (Map.Entry<String, List<Row>> s : lane.getValue().entrySet()) {
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        int depth = Integer.MAX_VALUE;
        Row any = s.getValue().getFirst();
        for (Row r : s.getValue()) {
          start = Math.min(start, r.startNs());
          end = Math.max(end, r.endNs());
          depth = Math.min(depth, r.depth());
        }
        streams.add(new Stream(s.getKey(), any.tree(), any.parent(), depth, start, end, s.getValue()));
      }
      streams.sort(Comparator.comparingInt(Stream::depth).thenComparingLong(Stream::start));
      // Row ends per sub-row, for first-fit packing; roots share sub-row 0 when they do not overlap.
      List<Long> rowEnd = new ArrayList<>();
      List<Integer> rowDepth = new ArrayList<>();
      Map<Stream, Integer> sub = new LinkedHashMap<>();
      for (Stream s : streams) {
        int chosen = -1;
        for (int i = 0; i < rowEnd.size(); i++) {
          if (rowDepth.get(i) == s.depth() && rowEnd.get(i) < s.start()) {
            chosen = i;
            break;
          }
        }
        if (chosen < 0) {
          chosen = rowEnd.size();
          rowEnd.add(Long.MIN_VALUE);
          rowDepth.add(s.depth());
        }
        rowEnd.set(chosen, s.end());
        sub.put(s, chosen);
      }
      // Sub-rows ordered by depth (packing created them in that order already).
      for (int i = 0; i < rowEnd.size(); i++) {
        labels.add(i == 0 ? "lane " + lane.getKey() : rowDepth.get(i) > 0 ? "sub-agent d" + rowDepth.get(i) : "");
      }
      for (Map.Entry<Stream, Integer> e : sub.entrySet()) {
        Stream s = e.getKey();
        int r = row + e.getValue();
        streamRow.put(s.id(), r);
        Integer tree = treeIndex.get(s.tree());
        if (tree == null) {
          tree = treeIndex.size();
          treeIndex.put(s.tree(), tree);
          trees.add(s.tree() == null ? "" : s.tree());
        }
        for (Row q : s.rows()) {
          if (barCount == MAX_BARS) {
            truncated = true;
            break;
          }
          barCount++;
          ArrayNode b = bars.addArray();
          b.add(r);
          b.add(sec(q.startNs(), t0));
          Numbers.add(b, Double.isFinite(q.ttftMs()) ? sec(q.startNs(), t0) + q.ttftMs() / 1000 : Double.NaN, 9);
          b.add(sec(q.endNs(), t0));
          b.add(tree);
          b.add(q.depth());
          b.add((q.warmup() ? WARMUP : 0) | (q.failed() ? FAILED : 0) | (q.cancelled() ? CANCELLED : 0));
        }
        if (s.parent() != null && s.depth() > 0) {
          ArrayNode l = links.addArray();
          l.add(s.parent());
          l.add(r);
          l.add(sec(s.start(), t0));
        }
      }
      row += rowEnd.size();
    }
    // Links name their parent stream; resolve to its row (a parent on another lane is not drawn).
    ArrayNode resolved = Json.MAPPER.createArrayNode();
    for (var l : links) {
      Integer from = streamRow.get(l.get(0).asString());
      if (from != null) {
        ArrayNode a = resolved.addArray();
        a.add(from);
        a.add(l.get(1).asInt());
        a.add(l.get(2).asDouble());
      }
    }
    o.set("links", resolved);
    o.put("lanes_shown", shown);
    o.put("truncated", truncated);
    return o;
  }

  private static double sec(long ns, long t0) {
    return Math.round((ns - t0) / 1e6) / 1000.0;
  }
}
