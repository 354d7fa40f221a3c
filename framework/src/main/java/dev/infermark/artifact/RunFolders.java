package dev.infermark.artifact;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.infermark.files.AtomicFile;

/**
 * Where runs write: a new folder per run, {@code <artifact-dir>/<scenario>/<timestamp>[-params]/}
 * (timestamp in UTC, {@code 20261201T233507Z}; {@code -2}, {@code -3} appended when that name is
 * taken), and a {@code latest} pointer beside them: a symbolic link to the last run's folder, or,
 * where links cannot be made, a text file {@code latest} holding the folder's name. No run writes
 * into an earlier run's folder.
 */
public final class RunFolders {
  /** The name of the pointer to a scenario's last run. */
  public static final String LATEST = "latest";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
      .withZone(ZoneOffset.UTC);

  private RunFolders() {}

  /**
   * The folder of a new run, not created yet: the first of {@code <stamp><suffix>},
   * {@code <stamp><suffix>-2}, ... that does not exist.
   *
   * @param suffix the run's parameters as a folder-safe suffix ({@code -inputTokens=128}), or empty
   */
  public static Path next(Path artifactDir, String scenario, String suffix, Instant now) {
    Path scenarioDir = artifactDir.resolve(scenario).toAbsolutePath();
    String base = STAMP.format(now) + suffix;
    Path p = scenarioDir.resolve(base);
    for (int i = 2; Files.exists(p, LinkOption.NOFOLLOW_LINKS); i++) {
      p = scenarioDir.resolve(base + "-" + i);
    }
    return p;
  }

  /**
   * Points {@code latest} (beside {@code runDir}) at it: a relative symbolic link, replaced
   * atomically, or a text file with the folder's name where links are not available.
   */
  public static void markLatest(Path runDir) {
    Path parent = runDir.getParent();
    Path latest = parent.resolve(LATEST);
    Path name = runDir.getFileName();
    try {
      Path tmp = parent.resolve("." + LATEST + "-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
      try {
        Files.createSymbolicLink(tmp, name);
      } catch (UnsupportedOperationException | IOException noLinks) {
        Files.deleteIfExists(tmp);
        AtomicFile.writeString(latest, name + "\n");
        return;
      }
      try {
        Files.move(tmp, latest, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
        Files.deleteIfExists(latest);
        Files.move(tmp, latest);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot point " + latest + " at " + runDir + ": " + e.getMessage(), e);
    }
  }

  /** A run that wrote nothing: removes its scenario's folder when that is empty (never one with runs in it). */
  public static void forget(Path runDir) {
    try {
      Files.deleteIfExists(runDir.getParent());
    } catch (java.nio.file.DirectoryNotEmptyException kept) {
      // earlier runs are there
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + runDir.getParent() + ": " + e.getMessage(), e);
    }
  }

  /** The folder {@code latest} points at in {@code scenarioDir}, if any (link or text file). */
  public static Optional<Path> latest(Path scenarioDir) {
    Path latest = scenarioDir.resolve(LATEST);
    try {
      if (Files.isSymbolicLink(latest)) {
        return Optional.of(scenarioDir.resolve(Files.readSymbolicLink(latest)));
      }
      if (Files.isRegularFile(latest)) {
        return Optional.of(scenarioDir.resolve(Files.readString(latest, StandardCharsets.UTF_8).strip()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + latest + ": " + e.getMessage(), e);
    }
    return Optional.empty();
  }

  /**
   * Every regular file in a run folder (subfolders included), sorted by path; none when the folder
   * does not exist (a run that wrote nothing).
   */
  public static List<Path> files(Path runDir) {
    if (!Files.isDirectory(runDir)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(runDir)) {
      return all.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + runDir + ": " + e.getMessage(), e);
    }
  }

  /** Every run folder under {@code artifactDir} (all scenarios), oldest first within a scenario, by path. */
  public static List<Path> all(Path artifactDir) {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> scenarios = Files.list(artifactDir)) {
      for (Path s : scenarios.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
        try (Stream<Path> runs = Files.list(s)) {
          runs.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !p.getFileName().toString().startsWith("."))
              .sorted().forEach(out::add);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + artifactDir + ": " + e.getMessage(), e);
    }
    return out;
  }
}
