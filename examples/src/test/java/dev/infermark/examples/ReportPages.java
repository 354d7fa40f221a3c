package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.infermark.report.BrowserCheck;
import dev.infermark.report.Compare;
import dev.infermark.report.Report;

/**
 * Writes the HTML report of an end-to-end run and opens it in headless Chromium: no error, no
 * empty chart, a screenshot in {@code target/screenshots/NAME.png}. Without Chromium the page is
 * still written but not opened (a line says so), unless {@value BrowserCheck#REQUIRE_ENV} is true (CI).
 */
final class ReportPages {
  static final Path SHOTS = Path.of("target", "screenshots");

  private ReportPages() {}

  static Path report(Path runDir, String name) {
    Path html = Report.write(runDir);
    open(html, name);
    return html;
  }

  /** The report of a run as the browser drew it; empty without Chromium (where that is allowed). */
  static Optional<BrowserCheck.Result> drawn(Path runDir, String name) {
    return open(Report.write(runDir), name);
  }

  static Path compare(List<Path> runDirs, Path out, String name) {
    Path html = Compare.write(runDirs, out);
    open(html, name);
    return html;
  }

  private static Optional<BrowserCheck.Result> open(Path html, String name) {
    assertThat(html).isNotEmptyFile();
    Optional<Path> chromium = BrowserCheck.chromium();
    if (chromium.isEmpty()) {
      if ("true".equalsIgnoreCase(System.getenv(BrowserCheck.REQUIRE_ENV))) {
        fail(BrowserCheck.REQUIRE_ENV + " is set but no chromium is on the PATH (apt-get install chromium)");
      }
      System.out.println("report: no chromium on the PATH, " + html + " was not opened in a browser");
      return Optional.empty();
    }
    BrowserCheck.Result r = BrowserCheck.check(chromium.get(), html, SHOTS.resolve(name + ".png"));
    assertThat(r.problems()).as("browser problems with " + html).isEmpty();
    assertThat(r.ok()).as(r.toString()).isTrue();
    return Optional.of(r);
  }
}
