package dev.infermark.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The {@code @Param} values of one run, in declaration order. */
public record RunParams(Map<String, String> values) {
  public RunParams {
    values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  public static RunParams none() {
    return new RunParams(Map.of());
  }

  /** {@code inputTokens=128,outputTokens=64}, or {@code default} when the scenario has no params. */
  public String id() {
    return values.isEmpty() ? "default" : values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(","));
  }

  /** A folder-safe suffix for the artifact directory ({@code -inputTokens=128}), empty without params. */
  public String folderSuffix() {
    return values.isEmpty() ? "" : "-" + id().replaceAll("[^A-Za-z0-9=.,_-]", "_");
  }
}
