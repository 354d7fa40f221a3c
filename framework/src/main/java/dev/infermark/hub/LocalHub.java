package dev.infermark.hub;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A local stand-in for the HuggingFace Hub, serving files from a folder over loopback HTTP with the
 * hub's URL layout. For tests and offline mirrors: point {@code HF_ENDPOINT} (or an {@link HfHub})
 * at {@link #uri()}.
 *
 * <p>Layout of the served folder: {@code models/<org>/<name>/<file>} and
 * {@code datasets/<org>/<name>/<file>}; every revision serves the same files, reported as commit
 * {@link #COMMIT}. Answers {@code /<repo>/resolve/<rev>/<file>},
 * {@code /datasets/<repo>/resolve/<rev>/<file>} and {@code /api/{models,datasets}/<repo>/revision/<rev>}.
 * Requests are counted and their {@code Authorization} headers kept, so tests can assert on them.
 */
public final class LocalHub implements AutoCloseable {
  /** The commit hash every file is served at. */
  public static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

  private final Path root;
  private final HttpServer server;
  private final List<String> requests = new CopyOnWriteArrayList<>();
  private final List<Optional<String>> authorizations = new CopyOnWriteArrayList<>();

  private LocalHub(Path root) throws IOException {
    this.root = root;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/", this::handle);
    server.start();
  }

  /** Starts serving {@code root} on an ephemeral loopback port. */
  public static LocalHub serve(Path root) throws IOException {
    return new LocalHub(root);
  }

  public URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
  }

  /** An {@link HfHub} pointed at this server with the given cache folder. */
  public HfHub client(Path cacheDir) {
    return new HfHub(uri(), Optional.empty(), cacheDir, false);
  }

  /** The environment a process would need to use this hub ({@code HF_ENDPOINT}, {@code HF_HUB_CACHE}). */
  public Map<String, String> environment(Path cacheDir) {
    return Map.of("HF_ENDPOINT", uri().toString(), "HF_HUB_CACHE", cacheDir.toString());
  }

  /** Paths requested so far. */
  public List<String> requests() {
    return List.copyOf(requests);
  }

  /** The {@code Authorization} header of each request so far. */
  public List<Optional<String>> authorizations() {
    return List.copyOf(authorizations);
  }

  private void handle(HttpExchange ex) throws IOException {
    String path = ex.getRequestURI().getPath();
    requests.add(path);
    authorizations.add(Optional.ofNullable(ex.getRequestHeaders().getFirst("Authorization")));
    try (ex) {
      if (path.startsWith("/api/")) {
        listing(ex, path.substring(5));
        return;
      }
      String type = "models";
      String p = path.substring(1);
      if (p.startsWith("datasets/")) {
        type = "datasets";
        p = p.substring(9);
      }
      int r = p.indexOf("/resolve/");
      if (r < 0) {
        send(ex, 404, "not found");
        return;
      }
      String repo = p.substring(0, r);
      String rest = p.substring(r + 9);
      int slash = rest.indexOf('/');
      String file = slash < 0 ? "" : rest.substring(slash + 1);
      Path f = root.resolve(type).resolve(repo).resolve(file).normalize();
      if (!f.startsWith(root) || !Files.isRegularFile(f)) {
        send(ex, 404, "Entry not found");
        return;
      }
      ex.getResponseHeaders().add("X-Repo-Commit", COMMIT);
      ex.getResponseHeaders().add("ETag", "\"" + Long.toHexString(Files.size(f)) + "\"");
      ex.sendResponseHeaders(200, Files.size(f));
      try (OutputStream out = ex.getResponseBody()) {
        Files.copy(f, out);
      }
    }
  }

  private void listing(HttpExchange ex, String p) throws IOException {
    // p = "models/org/name/revision/main"
    int rev = p.lastIndexOf("/revision/");
    if (rev < 0) {
      send(ex, 404, "not found");
      return;
    }
    Path repoDir = root.resolve(p.substring(0, rev)).normalize();
    if (!repoDir.startsWith(root) || !Files.isDirectory(repoDir)) {
      send(ex, 404, "Repository not found");
      return;
    }
    ObjectNode body = Json.object();
    body.put("sha", COMMIT);
    ArrayNode siblings = body.putArray("siblings");
    List<String> names = new ArrayList<>();
    try (Stream<Path> files = Files.walk(repoDir)) {
      files.filter(Files::isRegularFile).forEach(f -> names.add(repoDir.relativize(f).toString().replace('\\', '/')));
    }
    names.stream().sorted().forEach(n -> siblings.addObject().put("rfilename", n));
    ex.getResponseHeaders().add("Content-Type", "application/json");
    byte[] b = body.toString().getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(200, b.length);
    ex.getResponseBody().write(b);
  }

  private static void send(HttpExchange ex, int status, String text) throws IOException {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(status, b.length);
    ex.getResponseBody().write(b);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
