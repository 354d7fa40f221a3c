package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.json.Json;

class PageTest {
  @TempDir
  Path dir;

  @Test
  void aReportIsOneFileThatLoadsNothing() throws Exception {
    new FixtureRun().summary(FixtureRun.summaryJson("chat", 10)).request(0, 100).ttft(10).add().writeTo(dir);
    Path out = Report.write(dir);
    String html = Files.readString(out);

    assertThat(out).isEqualTo(dir.resolve("report.html"));
    assertThat(html).contains("Content-Security-Policy").contains("default-src 'none'");
    assertThat(html).contains("var uPlot=").contains("id=\"report-data\"");
    // No element refers to anything outside the file.
    assertThat(Pattern.compile("(?i)<(script|link|img|iframe)[^>]*\\s(src|href)=").matcher(html).find()).isFalse();
  }

  @Test
  void textInTheDataCannotCloseTheScriptElement() {
    var model = Json.object().put("kind", "run");
    model.putArray("notes").add("</script><script>alert(1)</script>\u2028");
    String html = Page.html("t <b>", model);
    String data = html.substring(html.indexOf("id=\"report-data\">"), html.indexOf("</script>", html.indexOf("id=\"report-data\">")));
    assertThat(data).contains("<\\/script>").doesNotContain("\u2028");
    assertThat(html).contains("<title>t &lt;b&gt;</title>");
    assertThat(Json.parse(data.substring(data.indexOf('>') + 1)).path("notes").get(0).asString())
        .isEqualTo("</script><script>alert(1)</script>\u2028");
  }
}
