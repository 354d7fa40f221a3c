package dev.infermark.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HfHubTest {
  @TempDir
  Path root;
  @TempDir
  Path cache;
  private LocalHub hub;

  @BeforeEach
  void serve() throws IOException {
    Path model = root.resolve("models/org/tiny");
    Files.createDirectories(model.resolve("sub"));
    Files.writeString(model.resolve("config.json"), "{\"a\":1}");
    Files.writeString(model.resolve("sub/x.txt"), "nested");
    Path data = root.resolve("datasets/org/traces");
    Files.createDirectories(data);
    Files.writeString(data.resolve("train.jsonl"), "{}\n");
    hub = LocalHub.serve(root);
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  @Test
  void downloadsIntoTheHuggingFaceCacheLayout() throws IOException {
    HfHub client = hub.client(cache);
    Path f = client.download(HfHub.RepoType.MODEL, "org/tiny", null, "config.json");
    assertThat(f).isEqualTo(cache.resolve("models--org--tiny/snapshots/" + LocalHub.COMMIT + "/config.json"));
    assertThat(Files.readString(f)).isEqualTo("{\"a\":1}");
    assertThat(Files.readString(cache.resolve("models--org--tiny/refs/main")).strip()).isEqualTo(LocalHub.COMMIT);
    Path nested = client.download(HfHub.RepoType.MODEL, "org/tiny", "main", "sub/x.txt");
    assertThat(Files.readString(nested)).isEqualTo("nested");
    Path ds = client.download(HfHub.RepoType.DATASET, "org/traces", null, "train.jsonl");
    assertThat(ds).startsWith(cache.resolve("datasets--org--traces"));
    assertThat(client.listFiles(HfHub.RepoType.DATASET, "org/traces", null)).containsExactly("train.jsonl");
  }

  @Test
  void commitPinnedFilesComeFromTheCacheWithoutARequest() throws IOException {
    HfHub client = hub.client(cache);
    client.download(HfHub.RepoType.MODEL, "org/tiny", null, "config.json");
    int before = hub.requests().size();
    Path again = client.download(HfHub.RepoType.MODEL, "org/tiny", LocalHub.COMMIT, "config.json");
    assertThat(Files.readString(again)).isEqualTo("{\"a\":1}");
    assertThat(hub.requests()).hasSize(before);
  }

  @Test
  void offlineAnswersFromTheCacheOnly() throws IOException {
    hub.client(cache).download(HfHub.RepoType.MODEL, "org/tiny", null, "config.json");
    HfHub offline = HfHub.fromEnvironment(Map.of("HF_ENDPOINT", hub.uri().toString(), "HF_HUB_CACHE", cache.toString(),
        "HF_HUB_OFFLINE", "1"));
    assertThat(offline.offline()).isTrue();
    int before = hub.requests().size();
    assertThat(Files.readString(offline.download(HfHub.RepoType.MODEL, "org/tiny", "main", "config.json"))).isEqualTo("{\"a\":1}");
    assertThatThrownBy(() -> offline.download(HfHub.RepoType.MODEL, "org/tiny", "main", "sub/x.txt"))
        .isInstanceOf(IOException.class).hasMessageContaining("HF_HUB_OFFLINE").hasMessageContaining("org/tiny");
    assertThat(hub.requests()).hasSize(before);
  }

  @Test
  void hfTokenIsSentAsBearer() throws IOException {
    new HfHub(hub.uri(), Optional.of("hf_secret"), cache, false).download(HfHub.RepoType.MODEL, "org/tiny", null, "config.json");
    hub.client(cache.resolve("other")).download(HfHub.RepoType.MODEL, "org/tiny", null, "config.json");
    assertThat(hub.authorizations()).containsExactly(Optional.of("Bearer hf_secret"), Optional.empty());
  }

  @Test
  void missingFileNamesRepositoryAndFile() {
    assertThatThrownBy(() -> hub.client(cache).download(HfHub.RepoType.MODEL, "org/tiny", null, "nope.json"))
        .isInstanceOf(IOException.class).hasMessageContaining("404").hasMessageContaining("org/tiny@main:nope.json");
  }

  @Test
  void environmentSelectsCacheFolders() {
    assertThat(HfHub.fromEnvironment(Map.of("HF_HOME", "/tmp/hfhome")).cacheDir()).isEqualTo(Path.of("/tmp/hfhome/hub"));
    assertThat(HfHub.fromEnvironment(Map.of("HF_HOME", "/tmp/hfhome", "HF_HUB_CACHE", "/tmp/c")).cacheDir()).isEqualTo(Path.of("/tmp/c"));
    assertThat(HfHub.fromEnvironment(Map.of()).offline()).isFalse();
  }
}
