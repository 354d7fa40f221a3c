package dev.infermark.report;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code java -jar infermark-report.jar report RUN_DIR [-o OUT]} and
 * {@code ... compare RUN_DIR RUN_DIR... [-o OUT]}: the report of a run folder (default
 * {@code RUN_DIR/report.html}) or a comparison of several (default {@code compare.html}).
 */
public final class Main {
  static final String USAGE = """
      usage: java -jar infermark-report.jar report RUN_DIR [-o OUT.html]
             java -jar infermark-report.jar compare BASELINE_DIR RUN_DIR... [-o OUT.html]
        report   writes the run folder's HTML report (default RUN_DIR/report.html)
        compare  overlays two or more runs and tabulates their changes against the first
                 (default ./compare.html)""";

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; 0 on success, 1 when a folder cannot be reported, 2 on a usage error. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
      (args.length == 0 ? err : out).println(USAGE);
      return args.length == 0 ? 2 : 0;
    }
    List<Path> dirs = new ArrayList<>();
    Path target = null;
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("-o") || args[i].equals("--output")) {
        if (i + 1 == args.length) {
          err.println("infermark-report: " + args[i] + " needs a file name\n" + USAGE);
          return 2;
        }
        target = Path.of(args[++i]);
      } else if (args[i].startsWith("-")) {
        err.println("infermark-report: unknown option " + args[i] + "\n" + USAGE);
        return 2;
      } else {
        dirs.add(Path.of(args[i]));
      }
    }
    try {
      switch (args[0]) {
        case "report" -> {
          if (dirs.size() != 1) {
            err.println("infermark-report: report takes one run folder, got " + dirs.size() + "\n" + USAGE);
            return 2;
          }
          Path written = target == null ? Report.write(dirs.getFirst()) : Report.write(dirs.getFirst(), target);
          out.println("report: " + written.toAbsolutePath().normalize());
        }
        case "compare" -> {
          if (dirs.size() < 2) {
            err.println("infermark-report: compare takes two or more run folders, got " + dirs.size() + "\n" + USAGE);
            return 2;
          }
          Path written = Compare.write(dirs, target == null ? Path.of("compare.html") : target);
          out.println("comparison: " + written.toAbsolutePath().normalize());
        }
        default -> {
          err.println("infermark-report: unknown command " + args[0] + "\n" + USAGE);
          return 2;
        }
      }
      return 0;
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      err.println("infermark-report: " + e.getMessage());
      return 1;
    }
  }
}
