package dev.infermark.files;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file whole or not at all: into a hidden temporary file beside it, synced, then moved over
 * it. A full disk, a failing writer or a crash leave the earlier file (or none) and no half-written
 * one: a reader of a run folder finds each artifact complete or absent.
 */
public final class AtomicFile {
  /** What writes the file's bytes; it may close the stream. */
  @FunctionalInterface
  public interface Body {
    void write(OutputStream out) throws IOException;
  }

  private AtomicFile() {}

  /**
   * Writes {@code file} with {@code body}.
   *
   * @throws IOException {@code cannot write FILE: why} (the temporary file removed), whatever the
   *     body or the file system threw
   */
  public static void write(Path file, Body body) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Path tmp = dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + "." + System.nanoTime()
        + ".tmp");
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        OutputStream out = new java.io.BufferedOutputStream(Channels.newOutputStream(ch), 64 * 1024);
        // The body may close its stream (Jackson does): the channel stays open to sync.
        body.write(new FilterOutputStream(out) {
          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void close() throws IOException {
            out.flush();
          }
        });
        out.flush();
        ch.force(false);
      }
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the first failure is the one to report
      }
      String why = e.getMessage() == null ? e.toString() : e.getMessage();
      throw new IOException("cannot write " + file + ": " + why, e);
    }
  }

  /** Writes {@code text} as UTF-8 to {@code file} ({@link #write(Path, Body)}). */
  public static void writeString(Path file, String text) throws IOException {
    write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }
}
