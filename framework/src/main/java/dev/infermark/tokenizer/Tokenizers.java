package dev.infermark.tokenizer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

import dev.infermark.hub.HfHub;

/**
 * Resolves the {@code infermark.tokenizer} setting to a {@link Tokenizer}, caching instances
 * (loading a real tokenizer takes most of a second).
 *
 * <p>Accepted forms: {@code builtin:words} (the stand-in); a path to a {@code tokenizer.json} or to
 * a folder holding one; a HuggingFace model id ({@code org/name}, optionally {@code @revision}),
 * downloaded through {@link HfHub}.
 */
public final class Tokenizers {
  private static final ConcurrentHashMap<String, Tokenizer> CACHE = new ConcurrentHashMap<>();

  private Tokenizers() {}

  public static Tokenizer resolve(String spec, HfHub hub) throws IOException {
    if (spec == null || spec.isBlank() || spec.equals(WordTokenizer.NAME)) {
      return WordTokenizer.instance();
    }
    Tokenizer cached = CACHE.get(spec);
    if (cached != null) {
      return cached;
    }
    Tokenizer loaded = load(spec, hub);
    Tokenizer prior = CACHE.putIfAbsent(spec, loaded);
    return prior != null ? prior : loaded;
  }

  private static Tokenizer load(String spec, HfHub hub) throws IOException {
    Path p = Path.of(spec);
    if (Files.isDirectory(p)) {
      p = p.resolve("tokenizer.json");
    }
    if (Files.isRegularFile(p)) {
      return HfTokenizer.load(spec, p);
    }
    if (!spec.contains("/") || spec.startsWith("/") || spec.startsWith(".")) {
      throw new IOException("tokenizer '" + spec + "' is neither a tokenizer.json file, a folder holding one, "
          + "a HuggingFace model id (org/name) nor " + WordTokenizer.NAME);
    }
    String repo = spec;
    String revision = "main";
    int at = spec.indexOf('@');
    if (at > 0) {
      repo = spec.substring(0, at);
      revision = spec.substring(at + 1);
    }
    Path file = hub.download(HfHub.RepoType.MODEL, repo, revision, "tokenizer.json");
    return HfTokenizer.load(spec, file);
  }
}
