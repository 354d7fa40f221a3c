package dev.infermark.traces.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import dev.infermark.traces.weka.WekaEntry;
import dev.infermark.traces.weka.WekaRequest;
import dev.infermark.traces.weka.WekaSubagent;
import dev.infermark.traces.weka.WekaTrace;

/**
 * Model mapping of spec §2.4: a trace's main model (first parent request's model, else the first
 * sub-agent request's) goes to {@code configured[0]}; every other distinct model, in order of first
 * appearance (parent and inner requests in file order), goes to {@code configured[i mod k]}.
 * No configured names: the recorded names are sent.
 */
public final class ModelMap implements TopologyOptions.ModelMapping {
  private final List<String> configured;

  public ModelMap(List<String> configured) {
    this.configured = configured == null ? List.of() : List.copyOf(configured);
  }

  @Override
  public UnaryOperator<String> forTrace(WekaTrace trace) {
    if (configured.isEmpty()) {
      return UnaryOperator.identity();
    }
    Set<String> ordered = new LinkedHashSet<>();
    String main = null;
    for (WekaEntry e : trace.requests()) {
      if (e instanceof WekaRequest r) {
        main = r.model();
        break;
      }
    }
    if (main == null) {
      for (WekaSubagent s : trace.subagents()) {
        if (!s.requests().isEmpty()) {
          main = s.requests().getFirst().model();
          break;
        }
      }
    }
    if (main != null) {
      ordered.add(main);
    }
    for (WekaEntry e : trace.requests()) {
      switch (e) {
        case WekaRequest r -> ordered.add(r.model());
        case WekaSubagent s -> s.requests().forEach(r -> ordered.add(r.model()));
      }
    }
    Map<String, String> map = new HashMap<>();
    List<String> list = new ArrayList<>(ordered);
    for (int i = 0; i < list.size(); i++) {
      map.put(list.get(i), configured.get(i % configured.size()));
    }
    return m -> map.getOrDefault(m, configured.getFirst());
  }
}
