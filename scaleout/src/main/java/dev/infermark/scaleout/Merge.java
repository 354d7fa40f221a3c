package dev.infermark.scaleout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.infermark.scaleout.merge.ShardMerge;

/**
 * {@code merge [-o OUT] DIR...}: merges shard run folders into one run folder (default
 * {@code ./merged}); see {@link ShardMerge}. Exit status 0 when merged, 1 when the folders are not the
 * shards of one run or cannot be read, 2 for bad arguments.
 */
public final class Merge {
  private Merge() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    Path out = Path.of("merged");
    List<Path> dirs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-o") || args[i].equals("--out")) {
        if (i + 1 == args.length) {
          return usage();
        }
        out = Path.of(args[++i]);
      } else if (args[i].startsWith("-")) {
        return usage();
      } else {
        dirs.add(Path.of(args[i]));
      }
    }
    if (dirs.isEmpty()) {
      return usage();
    }
    try {
      ShardMerge.merge(dirs, out).consoleLines().forEach(System.out::println);
      return 0;
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      System.err.println("merge: " + e.getMessage());
      return 1;
    }
  }

  private static int usage() {
    System.err.println("usage: merge [-o OUT] SHARD_DIR...   (each a shard's run folder, or a folder holding one)");
    return 2;
  }
}
