package dev.infermark.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

import dev.infermark.json.Json;

/**
 * The base image ImageIT's Jib build starts from: a {@code docker save} tarball of one tiny layer
 * (a marker file) and a config with a temurin-like environment, written before Jib runs (module
 * cli's pom, phase pre-integration-test). It has no JRE: the image it yields is checked, not run.
 */
public final class ImageTestBase {
  /** The base layer's one file, and what it says. */
  static final String MARKER = "etc/infermark-image-test-base";
  static final String MARKER_TEXT = "ImageIT's base layer\n";
  /** The base's environment, which the image keeps. */
  static final List<String> ENV = List.of("PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      "JAVA_HOME=/opt/java/openjdk");

  private ImageTestBase() {}

  public static void main(String[] args) throws IOException {
    write(Path.of(args[0]));
  }

  static void write(Path tar) throws IOException {
    byte[] layer = tar(Map.of(MARKER, MARKER_TEXT.getBytes(StandardCharsets.UTF_8)));
    var config = Json.object();
    config.put("architecture", "amd64").put("os", "linux").put("created", "1970-01-01T00:00:00Z");
    var c = config.putObject("config");
    ENV.forEach(c.putArray("Env")::add);
    c.putArray("Cmd").add("/bin/sh");
    var rootfs = config.putObject("rootfs");
    rootfs.put("type", "layers");
    rootfs.putArray("diff_ids").add("sha256:" + sha256(layer));
    config.putArray("history").addObject().put("created", "1970-01-01T00:00:00Z").put("created_by", "ImageTestBase");
    var manifest = Json.MAPPER.createArrayNode();
    var entry = manifest.addObject();
    entry.put("Config", "config.json");
    entry.putArray("RepoTags").add("infermark-image-test-base:1");
    entry.putArray("Layers").add("layer.tar");
    Files.createDirectories(tar.toAbsolutePath().getParent());
    Files.write(tar, tar(Map.of("manifest.json", Json.write(manifest).getBytes(StandardCharsets.UTF_8),
        "config.json", Json.write(config).getBytes(StandardCharsets.UTF_8), "layer.tar", layer)));
  }

  /** A tar archive of {@code files} (name → content), as regular files. */
  private static byte[] tar(Map<String, byte[]> files) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream o = bytes; TarArchiveOutputStream t = new TarArchiveOutputStream(o)) {
      for (var f : files.entrySet()) {
        TarArchiveEntry e = new TarArchiveEntry(f.getKey());
        e.setSize(f.getValue().length);
        e.setMode(0644);
        t.putArchiveEntry(e);
        t.write(f.getValue());
        t.closeArchiveEntry();
      }
    }
    return bytes.toByteArray();
  }

  static String sha256(byte[] data) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
