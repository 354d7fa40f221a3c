package dev.infermark.traces.weka;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.node.ObjectNode;

/**
 * One Weka-format trace (spec §2.1): a main-agent conversation with its sub-agent entries.
 *
 * @param blockSize tokens per hash block
 * @param hashIdScope always {@code "local"}: ids mean something only inside this trace
 * @param requests parent requests and sub-agent entries, in time order
 * @param totals informational totals as recorded, or null
 */
public record WekaTrace(
    String id,
    List<String> models,
    int blockSize,
    String hashIdScope,
    int toolTokens,
    int systemTokens,
    List<WekaEntry> requests,
    ObjectNode totals) {
  public WekaTrace {
    models = List.copyOf(models);
    requests = List.copyOf(requests);
  }

  /** The parent (main-agent) requests in order. */
  public List<WekaRequest> parentRequests() {
    List<WekaRequest> out = new ArrayList<>();
    for (WekaEntry e : requests) {
      if (e instanceof WekaRequest r) {
        out.add(r);
      }
    }
    return out;
  }

  /** The sub-agent entries in order. */
  public List<WekaSubagent> subagents() {
    List<WekaSubagent> out = new ArrayList<>();
    for (WekaEntry e : requests) {
      if (e instanceof WekaSubagent s) {
        out.add(s);
      }
    }
    return out;
  }

  /** Number of recorded requests, parent and sub-agent. */
  public int requestCount() {
    int n = 0;
    for (WekaEntry e : requests) {
      n += e instanceof WekaSubagent s ? s.requests().size() : 1;
    }
    return n;
  }
}
