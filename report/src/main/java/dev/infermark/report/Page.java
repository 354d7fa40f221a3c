package dev.infermark.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import dev.infermark.files.AtomicFile;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * One self-contained HTML page: uPlot (from its WebJar), our script and style, and the model as
 * JSON, all inline. A Content-Security-Policy forbids every fetch, so nothing is loaded at view time.
 */
final class Page {
  /** The WebJar's files; its version is read from the jar's own pom.properties, so the pom alone pins it. */
  static final String UPLOT = "META-INF/resources/webjars/uplot/" + webjarVersion("uplot") + "/dist/";

  private Page() {}

  static String html(String title, JsonNode model) {
    String data = Json.write(model)
        // Inside <script>, "</" could end the element and U+2028/9 are line ends to older parsers.
        .replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    return resource("dev/infermark/report/page.html")
        .replace("{{title}}", escape(title))
        .replace("{{uplot.css}}", resource(UPLOT + "uPlot.min.css"))
        .replace("{{report.css}}", resource("dev/infermark/report/report.css"))
        .replace("{{uplot.js}}", script(resource(UPLOT + "uPlot.iife.min.js")))
        .replace("{{sweep.js}}", script(resource("dev/infermark/report/sweep.js")))
        .replace("{{report.js}}", script(resource("dev/infermark/report/report.js")))
        .replace("{{data}}", data);
  }

  /** Writes a page, creating its folder, and returns where. */
  static Path write(Path out, String html) {
    try {
      Path parent = out.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      AtomicFile.writeString(out, html);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
    return out;
  }

  private static String script(String js) {
    return js.replace("</script", "<\\/script");
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String webjarVersion(String artifact) {
    String props = "META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties";
    try (InputStream in = Page.class.getClassLoader().getResourceAsStream(props)) {
      if (in == null) {
        throw new IllegalStateException("missing " + props + " (is the " + artifact + " WebJar on the class path?)");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String resource(String name) {
    try (InputStream in = Page.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name + " (is the uPlot WebJar on the class path?)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
