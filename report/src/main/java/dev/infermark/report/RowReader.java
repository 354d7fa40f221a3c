package dev.infermark.report;

import java.util.Map;

import tools.jackson.databind.JsonNode;

import dev.infermark.api.Metric;

/** Reads one {@code profile_export.jsonl} line (docs/artifacts.md) into a {@link Row}, tolerating absent fields. */
final class RowReader {
  private RowReader() {}

  static Row row(JsonNode line, Map<Long, Double> ticks) {
    JsonNode md = line.path("metadata");
    JsonNode m = line.path("metrics");
    JsonNode err = line.path("error");
    boolean warmup = "warmup".equals(md.path("benchmark_phase").asString(""));
    long start = md.path("request_start_ns").asLong(Row.ABSENT);
    long end = md.path("request_end_ns").asLong(Row.ABSENT);
    boolean failed = err.isObject();
    String kind = null;
    if (failed) {
      kind = text(err, "kind");
      if (kind == null) {
        kind = text(err, "type");
      }
      if (kind == null) {
        kind = err.has("code") ? "code " + err.path("code").asString("") : "error";
      }
    }
    int lane = md.path("lane").asInt(-1);
    if (lane < 0) {
      String worker = md.path("worker_id").asString("");
      if (worker.startsWith("lane-")) {
        try {
          lane = Integer.parseInt(worker.substring(5));
        } catch (NumberFormatException e) {
          lane = -1;
        }
      }
    }
    String stream = text(md, "x_correlation_id");
    if (stream == null) {
      stream = text(md, "conversation_id");
    }
    String tree = text(md, "root_correlation_id");
    if (tree == null) {
      tree = stream;
    }
    // AgentPerf tags each request with the search phase it belongs to; a phase is a load level.
    String group = null;
    String groupLabel = null;
    if (md.has("agentperf_phase")) {
      group = md.path("agentperf_phase").asString("");
      String agents = md.path("agentperf_agents").asString("");
      groupLabel = agents.isEmpty() ? "phase " + group : agents + (agents.equals("1") ? " agent" : " agents");
    }
    double ttft = ms(m, Metric.TIME_TO_FIRST_TOKEN.tag());
    double out = value(m, Metric.OUTPUT_TOKEN_COUNT.tag());
    if (Double.isNaN(out)) {
      out = value(m, Metric.OUTPUT_SEQUENCE_LENGTH.tag());
    }
    Row r = new Row(warmup, start, end, ttft, ms(m, Metric.INTER_TOKEN_LATENCY.tag()), ms(m, Metric.REQUEST_LATENCY.tag()),
        value(m, Metric.OUTPUT_TOKEN_THROUGHPUT_PER_USER.tag()), out, value(m, Metric.INPUT_SEQUENCE_LENGTH.tag()), value(m, Metric.USAGE_PROMPT_CACHE_READ_TOKENS.tag()),
        failed, kind, md.path("was_cancelled").asBoolean(false), failed && "CutOff".equals(text(err, "type")), lane,
        md.path("agent_depth").asInt(0), tree, stream, text(md, "parent_correlation_id"), group, groupLabel,
        ms(m, Metric.SCHEDULE_LAG.tag()), ms(m, Metric.EFFECTIVE_TIME_TO_FIRST_TOKEN.tag()), ms(m, Metric.EFFECTIVE_LATENCY.tag()));
    if (!warmup && !failed && r.timed() && out > 0) {
      addTokens(r, m.path(Metric.INTER_CHUNK_LATENCY.tag()), ticks);
    }
    return r;
  }

  /** Places a request's output tokens at its chunks' arrival times, per tick. */
  private static void addTokens(Row r, JsonNode icl, Map<Long, Double> ticks) {
    if (Double.isNaN(r.ttftMs())) {
      ticks.merge(r.endNs() / RunFolder.TICK_NS, r.outputTokens(), Double::sum);
      return;
    }
    long first = r.startNs() + (long) (r.ttftMs() * 1e6);
    JsonNode values = icl.path("value");
    if (values.isArray() && !values.isEmpty()) {
      double perChunk = r.outputTokens() / (values.size() + 1);
      double t = first;
      ticks.merge(first / RunFolder.TICK_NS, perChunk, Double::sum);
      for (JsonNode v : values) {
        t += v.asDouble(0) * 1e6;
        ticks.merge((long) t / RunFolder.TICK_NS, perChunk, Double::sum);
      }
      return;
    }
    long from = Math.min(first, r.endNs());
    long span = r.endNs() - from;
    if (span <= 0) {
      ticks.merge(r.endNs() / RunFolder.TICK_NS, r.outputTokens(), Double::sum);
      return;
    }
    for (long tick = from / RunFolder.TICK_NS; tick <= r.endNs() / RunFolder.TICK_NS; tick++) {
      long lo = Math.max(from, tick * RunFolder.TICK_NS);
      long hi = Math.min(r.endNs(), (tick + 1) * RunFolder.TICK_NS);
      if (hi > lo) {
        ticks.merge(tick, r.outputTokens() * (hi - lo) / span, Double::sum);
      }
    }
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.path(field);
    return v.isString() || v.isNumber() ? v.asString() : null;
  }

  private static double value(JsonNode metrics, String tag) {
    JsonNode v = metrics.path(tag).path("value");
    return v.isNumber() ? v.asDouble() : Double.NaN;
  }

  /** A duration in ms, whatever unit it was written in. */
  private static double ms(JsonNode metrics, String tag) {
    double v = value(metrics, tag);
    return switch (metrics.path(tag).path("unit").asString("ms")) {
      case "ns" -> v / 1e6;
      case "us" -> v / 1e3;
      case "s", "sec" -> v * 1e3;
      default -> v;
    };
  }
}
