package dev.infermark.hub;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.infermark.json.Json;
import dev.infermark.settings.SettingKey;
import tools.jackson.databind.JsonNode;

/**
 * A HuggingFace Hub client for downloading files of model and dataset repositories, with the
 * same on-disk cache layout as {@code huggingface_hub}, so a cache filled by Python tools is read
 * here and the other way round.
 *
 * <p>Environment (read by {@link #fromEnvironment()}): {@code HF_ENDPOINT} (default
 * {@code https://huggingface.co}), {@code HF_TOKEN} (sent as a Bearer token, never logged),
 * {@code HF_HUB_CACHE}, else {@code HF_HOME/hub}, else {@code ~/.cache/huggingface/hub};
 * {@code HF_HUB_OFFLINE=1} answers only from the cache.
 *
 * <p>Cache layout: {@code <cache>/<type>s--<org>--<name>/refs/<revision>} holds the commit hash,
 * {@code snapshots/<commit>/<file>} the file (written as a real file here).
 */
public final class HfHub {
  /** The kind of repository, as the hub names it in URLs and cache folders. */
  public enum RepoType {
    MODEL("models", ""), DATASET("datasets", "datasets/");
    final String cachePrefix;
    final String urlPrefix;
    RepoType(String cachePrefix, String urlPrefix) {
      this.cachePrefix = cachePrefix;
      this.urlPrefix = urlPrefix;
    }
  }

  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

  private final URI endpoint;
  private final Optional<String> token;
  private final Path cacheDir;
  private final boolean offline;
  /** Made at the first download: a run that finds everything in the cache (most) makes no client and no TLS. */
  private HttpClient http;

  public HfHub(URI endpoint, Optional<String> token, Path cacheDir, boolean offline) {
    String e = endpoint.toString();
    this.endpoint = URI.create(e.endsWith("/") ? e : e + "/");
    this.token = token.filter(t -> !t.isBlank());
    this.cacheDir = cacheDir;
    this.offline = offline;
  }

  private synchronized HttpClient http() {
    if (http == null) {
      http = HttpClient.newBuilder()
          .followRedirects(HttpClient.Redirect.NORMAL)
          .connectTimeout(Duration.ofSeconds(20))
          .build();
    }
    return http;
  }

  /** A hub configured from {@code HF_*} environment variables (see class doc). */
  public static HfHub fromEnvironment() {
    return fromEnvironment(System.getenv());
  }

  /** A hub configured from the given environment map (tests pass their own). */
  public static HfHub fromEnvironment(Map<String, String> env) {
    URI endpoint = URI.create(env.getOrDefault("HF_ENDPOINT", "https://huggingface.co"));
    Path cache;
    if (env.get("HF_HUB_CACHE") != null) {
      cache = Path.of(env.get("HF_HUB_CACHE"));
    } else if (env.get("HF_HOME") != null) {
      cache = Path.of(env.get("HF_HOME"), "hub");
    } else {
      cache = Path.of(System.getProperty("user.home"), ".cache", "huggingface", "hub");
    }
    boolean offline = SettingKey.truth(env.getOrDefault("HF_HUB_OFFLINE", "0")).orElse(false);
    return new HfHub(endpoint, Optional.ofNullable(env.get("HF_TOKEN")), cache, offline);
  }

  public Path cacheDir() {
    return cacheDir;
  }

  public boolean offline() {
    return offline;
  }

  /**
   * The local path of {@code filename} in {@code repoId} at {@code revision} (a branch, tag or
   * commit; {@code null} means {@code main}), downloading it into the cache when missing.
   *
   * @throws IOException with the repository, file and reason when neither the cache nor the hub
   *     can provide it
   */
  public Path download(RepoType type, String repoId, String revision, String filename) throws IOException {
    String rev = revision == null || revision.isBlank() ? "main" : revision;
    Path repoDir = repoCacheDir(type, repoId);
    Optional<Path> cached = cachedFile(repoDir, rev, filename);
    if (offline) {
      return cached.orElseThrow(() -> new IOException("HF_HUB_OFFLINE is set and " + describe(type, repoId, rev, filename)
          + " is not in the cache at " + repoDir));
    }
    // A commit-pinned file never changes: use the cache without asking the hub.
    if (cached.isPresent() && COMMIT.matcher(rev).matches()) {
      return cached.get();
    }
    URI uri = endpoint.resolve(type.urlPrefix + repoId + "/resolve/" + encode(rev) + "/" + encodePath(filename));
    HttpResponse<InputStream> response;
    try {
      response = http().send(authorized(uri).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      if (cached.isPresent()) {
        return cached.get(); // the hub is unreachable: the cache is the best answer
      }
      throw new IOException("cannot download " + describe(type, repoId, rev, filename) + " from " + endpoint + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while downloading " + describe(type, repoId, rev, filename), e);
    }
    try (InputStream body = response.body()) {
      if (response.statusCode() != 200) {
        String text = new String(body.readNBytes(2000), StandardCharsets.UTF_8);
        if (cached.isPresent() && response.statusCode() >= 500) {
          return cached.get();
        }
        throw new IOException("hub answered HTTP " + response.statusCode() + " for " + describe(type, repoId, rev, filename)
            + hint(response.statusCode()) + (text.isBlank() ? "" : ": " + text.strip()));
      }
      String commit = response.headers().firstValue("X-Repo-Commit").orElse(COMMIT.matcher(rev).matches() ? rev : "unknown");
      Path target = repoDir.resolve("snapshots").resolve(commit).resolve(filename);
      Files.createDirectories(target.getParent());
      Path tmp = Files.createTempFile(target.getParent(), ".download-", ".part");
      try {
        Files.copy(body, tmp, StandardCopyOption.REPLACE_EXISTING);
        moveAtomically(tmp, target);
      } finally {
        Files.deleteIfExists(tmp);
      }
      if (!COMMIT.matcher(rev).matches() && !"unknown".equals(commit)) {
        Path ref = repoDir.resolve("refs").resolve(rev);
        Files.createDirectories(ref.getParent());
        Files.writeString(ref, commit);
      }
      return target;
    }
  }

  /**
   * The files of a repository at a revision, from the hub's {@code /api} (online only). Used to
   * find the data files of a dataset repo.
   */
  public List<String> listFiles(RepoType type, String repoId, String revision) throws IOException {
    if (offline) {
      throw new IOException("HF_HUB_OFFLINE is set: cannot list the files of " + repoId);
    }
    String rev = revision == null || revision.isBlank() ? "main" : revision;
    URI uri = endpoint.resolve("api/" + type.cachePrefix + "/" + repoId + "/revision/" + encode(rev));
    try {
      HttpResponse<String> r = http().send(authorized(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        throw new IOException("hub answered HTTP " + r.statusCode() + " listing " + repoId + "@" + rev + hint(r.statusCode()));
      }
      JsonNode siblings = Json.parse(r.body()).path("siblings");
      List<String> names = new ArrayList<>();
      for (JsonNode s : siblings) {
        names.add(s.path("rfilename").asString());
      }
      return names;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while listing " + repoId, e);
    }
  }

  /** The cache folder of one repository ({@code datasets--org--name}). */
  public Path repoCacheDir(RepoType type, String repoId) {
    return cacheDir.resolve(type.cachePrefix + "--" + repoId.replace("/", "--"));
  }

  private Optional<Path> cachedFile(Path repoDir, String rev, String filename) throws IOException {
    String commit = rev;
    if (!COMMIT.matcher(rev).matches()) {
      Path ref = repoDir.resolve("refs").resolve(rev);
      if (!Files.isRegularFile(ref)) {
        return Optional.empty();
      }
      commit = Files.readString(ref).strip();
    }
    Path file = repoDir.resolve("snapshots").resolve(commit).resolve(filename);
    return Files.exists(file) ? Optional.of(file) : Optional.empty();
  }

  private HttpRequest.Builder authorized(URI uri) {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(10)).header("User-Agent", "infermark");
    token.ifPresent(t -> b.header("Authorization", "Bearer " + t));
    return b;
  }

  private static void moveAtomically(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static String hint(int status) {
    return switch (status) {
      case 401, 403 -> " (a gated or private repository needs HF_TOKEN)";
      case 404 -> " (check the repository id, revision and file name)";
      default -> "";
    };
  }

  private static String describe(RepoType type, String repoId, String rev, String filename) {
    return type.name().toLowerCase(Locale.ROOT) + " " + repoId + "@" + rev + ":" + filename;
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String encodePath(String path) {
    StringBuilder b = new StringBuilder();
    for (String part : path.split("/")) {
      if (!b.isEmpty()) {
        b.append('/');
      }
      b.append(encode(part));
    }
    return b.toString();
  }
}
