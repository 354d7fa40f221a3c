package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The README's scenario is the one the build compiles and runs, and docs/writing-scenarios.md shows it whole. */
class ReadmeExampleTest {
  private static String javaBlockAfter(String markdown, String heading) {
    int at = markdown.indexOf(heading);
    int start = markdown.indexOf("```java\n", at) + "```java\n".length();
    return markdown.substring(start, markdown.indexOf("```", start));
  }

  @Test
  void theReadmeExampleIsChatLatencyScenarioAndTheGuideHasItsImports() throws Exception {
    String source = Files.readString(Path.of("src/test/java/dev/infermark/examples/ChatLatencyScenario.java"));
    String readme = javaBlockAfter(Files.readString(Path.of("../README.md")), "## Writing a scenario");
    assertThat(source).endsWith(readme);
    assertThat(readme).as("the README's example shows its imports").startsWith("import static dev.infermark.api.");
    String guide = javaBlockAfter(Files.readString(Path.of("../docs/writing-scenarios.md")), "# Writing scenarios");
    assertThat(guide.replace("package com.example;", "package dev.infermark.examples;")).isEqualTo(source);
  }
}
