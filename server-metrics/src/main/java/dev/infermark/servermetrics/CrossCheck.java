package dev.infermark.servermetrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;

/**
 * Compares the server's counters with the client's totals over the same window. A mismatch is a
 * warning, never a failure: the server also counts failed and cancelled requests, the window's
 * ends are one scrape wide, and a server may count tokens differently (chat template).
 */
public final class CrossCheck {
  /** Token totals may differ by this fraction before a warning. */
  public static final double TOKEN_TOLERANCE = 0.02;
  /** Hit rates (fractions) may differ by this much before a warning. */
  public static final double HIT_RATE_TOLERANCE = 0.05;

  /** One comparison; {@code ok} false makes it a warning. */
  public record Result(String check, double server, double client, boolean ok, String message) {}

  private CrossCheck() {}

  public static List<Result> check(DerivedFigures d, ClientTotals c) {
    List<Result> out = new ArrayList<>();
    tokens(out, "prompt_tokens", "input", d.promptTokens, c.inputTokens());
    tokens(out, "generation_tokens", "output", d.generationTokens, c.outputTokens());
    Double server = d.overallHitRate != null ? d.overallHitRate : d.gpuHitRate;
    if (server != null && c.cachedTokens() != null && c.inputTokens() != null && c.inputTokens() > 0) {
      double client = c.cachedTokens() / (double) c.inputTokens();
      boolean ok = Math.abs(server - client) <= HIT_RATE_TOLERANCE;
      out.add(new Result("prefix_cache_hit_rate", server, client, ok, String.format(Locale.ROOT,
          "server prefix-cache hit rate %.1f%% vs the client's cached_tokens share %.1f%% (%s)", server * 100,
          client * 100, ok ? "agree within " + (int) (HIT_RATE_TOLERANCE * 100) + " points" : "they disagree")));
    }
    return out;
  }

  private static void tokens(List<Result> out, String check, String what, Double server, Long client) {
    if (server == null || client == null) {
      return;
    }
    double diff = client == 0 ? (server == 0 ? 0 : 1) : Math.abs(server - client) / client;
    boolean ok = diff <= TOKEN_TOLERANCE;
    out.add(new Result(check, server, client, ok, String.format(Locale.ROOT,
        "server counted %.0f %s tokens in the profiling window, the client %d (%s%.1f%%)", server, what, client,
        ok ? "within " : "off by ", diff * 100) + (ok ? "" : meaning(what, server > client))));
  }

  /** What a token mismatch means and what to look at, by which side counted more. */
  static String meaning(String what, boolean serverMore) {
    String cause = serverMore
        ? "the server counted more: it also counts requests the client did not count as successful (failed, cut off "
            + "or cancelled ones, which it may go on generating; see the error-rate and cut-off lines), warmup requests "
            + "still running when the window opened, and other clients' load on it"
            + (what.equals("input") ? ", and its chat template's tokens" : "")
            + "; a client tokenizer that undercounts (" + dev.infermark.settings.Keys.USE_SERVER_TOKEN_COUNT
            + "=false counts with " + dev.infermark.settings.Keys.TOKENIZER + ") does the same"
        : "the client counted more: the /metrics scraped are likely another server's or replica's than the one that "
            + "served the load (" + dev.infermark.settings.Keys.SERVER_METRICS + ", or a load balancer in front of "
            + "several replicas), or a client tokenizer overcounts (" + dev.infermark.settings.Keys.USE_SERVER_TOKEN_COUNT
            + "=false counts with " + dev.infermark.settings.Keys.TOKENIZER + ": set the model's)";
    return ". Meaning: " + cause + ". The run's metrics are the client's own counts; this only says the server saw "
        + "the window differently";
  }

  static ArrayNode toJson(List<Result> results) {
    ArrayNode a = Json.MAPPER.createArrayNode();
    for (Result r : results) {
      a.addObject().put("check", r.check()).put("server", r.server()).put("client", r.client()).put("ok", r.ok())
          .put("message", r.message());
    }
    return a;
  }
}
