package dev.infermark.report;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

/**
 * Opens a report in headless Chromium, as a person would open it from disk, and reads back what
 * the page's own script found: {@code data-report="ok"} once every chart drew data, or
 * {@code "error"} with the errors (script errors, rejected promises, blocked fetches, empty
 * charts). Console messages in the browser's log count as errors too (the page logs none). One
 * browser start per page also takes a full-page screenshot.
 */
public final class BrowserCheck {
  static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
      "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-extensions", "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1");
  static final int WIDTH = 1400;
  static final int WINDOW_HEIGHT = 8000;
  static final int MAX_HEIGHT = 20_000;
  /**
   * Set to {@code true} (CI does) to make tests fail rather than skip when no Chromium is installed.
   * Not {@code INFERMARK_*}: those variables are settings, and an unknown one fails every run.
   */
  public static final String REQUIRE_ENV = "REPORT_REQUIRE_CHROMIUM";
  static final long TIMEOUT_S = 120;
  private static final Pattern HTML_TAG = Pattern.compile("<html\\b[^>]*>", Pattern.CASE_INSENSITIVE);
  private static final Pattern ATTR = Pattern.compile("([a-zA-Z-]+)=\"([^\"]*)\"");

  private BrowserCheck() {}

  /**
   * What the page reported.
   *
   * @param status {@code ok}, {@code error}, or {@code loading} when the script never finished
   * @param charts the charts drawn
   * @param problems every error the page or the browser's console reported
   * @param dom the page as the browser left it (its charts' canvases and legends included)
   */
  public record Result(String status, int charts, int height, List<String> problems, Path screenshot, String dom) {
    public boolean ok() {
      return status.equals("ok") && problems.isEmpty() && charts > 0;
    }

    /** Without the page itself, which would drown an assertion's message. */
    @Override
    public String toString() {
      return "Result[status=" + status + ", charts=" + charts + ", height=" + height + ", problems=" + problems
          + ", screenshot=" + screenshot + "]";
    }
  }

  /** The Chromium binary: {@code REPORT_CHROMIUM}, else {@code chromium} (or Chrome) on the PATH. */
  public static Optional<Path> chromium() {
    String env = System.getenv("REPORT_CHROMIUM");
    if (env != null && !env.isBlank()) {
      return Optional.of(Path.of(env));
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
        Path p = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(p)) {
          return Optional.of(p);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Renders {@code html} once, reading its verdict from the DOM and taking a screenshot of a tall
   * window, cut to the page's height (a page taller than the window is shot again at its height).
   */
  public static Result check(Path chromium, Path html, Path screenshot) {
    Path profile = null;
    try {
      profile = Files.createTempDirectory("infermark-chromium-");
      String url = html.toAbsolutePath().normalize().toUri().toString();
      Path out = profile.resolve("dom.html");
      Path err = profile.resolve("stderr.log");
      Path full = profile.resolve("full.png");
      List<String> dump = command(chromium, profile.resolve("dump"));
      dump.addAll(List.of("--window-size=" + WIDTH + "," + WINDOW_HEIGHT, "--virtual-time-budget=10000",
          "--enable-logging=stderr", "--v=0", "--dump-dom", "--screenshot=" + full, url));
      run(dump, out, err);
      String dom = Files.readString(out, StandardCharsets.UTF_8);
      List<String> problems = new ArrayList<>();
      String status = "loading";
      int charts = 0;
      int height = 0;
      Matcher tag = HTML_TAG.matcher(dom);
      if (tag.find()) {
        Matcher a = ATTR.matcher(tag.group());
        while (a.find()) {
          String value = unescape(a.group(2));
          switch (a.group(1)) {
            case "data-report" -> status = value;
            case "data-errors" -> problems.add(value);
            case "data-charts" -> charts = Integer.parseInt(value);
            case "data-height" -> height = Integer.parseInt(value);
            default -> { }
          }
        }
      } else {
        problems.add("the browser returned no page (" + firstLines(Files.readString(err, StandardCharsets.UTF_8)) + ")");
      }
      for (String line : Files.readAllLines(err, StandardCharsets.UTF_8)) {
        if (line.contains(":CONSOLE")) {
          problems.add("console: " + line.substring(line.indexOf(']') + 1).strip());
        }
      }
      if (status.equals("loading")) {
        problems.add("the report's script did not finish (data-report is still 'loading')");
      }
      Files.createDirectories(screenshot.toAbsolutePath().getParent());
      Files.deleteIfExists(screenshot);
      if (height > WINDOW_HEIGHT) {
        List<String> shot = command(chromium, profile.resolve("shot"));
        shot.addAll(List.of("--window-size=" + WIDTH + "," + Math.min(MAX_HEIGHT, height), "--virtual-time-budget=10000",
            "--screenshot=" + full, url));
        run(shot, profile.resolve("shot.out"), profile.resolve("shot.err"));
      }
      if (Files.isRegularFile(full)) {
        crop(full, screenshot, height);
      } else {
        problems.add("no screenshot was taken");
      }
      return new Result(status, charts, height, List.copyOf(problems), screenshot, dom);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      delete(profile);
    }
  }

  /** The top {@code height} pixels of a PNG (all of it when it is shorter, or the height unknown). */
  private static void crop(Path png, Path out, int height) throws IOException {
    BufferedImage img = ImageIO.read(png.toFile());
    if (img == null) {
      throw new IOException("chromium wrote an unreadable screenshot " + png);
    }
    int h = height > 0 ? Math.min(height, img.getHeight()) : img.getHeight();
    ImageIO.write(img.getSubimage(0, 0, img.getWidth(), h), "png", out.toFile());
  }

  private static List<String> command(Path chromium, Path userData) {
    List<String> c = new ArrayList<>();
    c.add(chromium.toString());
    c.addAll(FLAGS);
    c.add("--user-data-dir=" + userData);
    return c;
  }

  private static void run(List<String> command, Path out, Path err) throws IOException {
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
        throw new IOException("chromium did not finish within " + TIMEOUT_S + " s: " + String.join(" ", command));
      }
    } catch (InterruptedException e) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while chromium ran", e);
    }
  }

  private static String unescape(String s) {
    return s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&#39;", "'").replace("&amp;", "&");
  }

  private static String firstLines(String s) {
    return s.lines().limit(5).reduce((a, b) -> a + " / " + b).orElse("no output");
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // A temporary profile left behind is harmless.
    }
  }
}
