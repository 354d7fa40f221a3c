package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

import dev.infermark.client.ApiKey;
import dev.infermark.protocol.ServerClient;
import dev.infermark.engine.fixtures.SettingsEchoScenario;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SystemPropertySecrets;

/**
 * {@code -Dinfermark.api-key} still reaches the client, but leaves the JVM's system properties at
 * discovery (before Surefire could copy it into a report) and the engine warns about the route.
 */
class ApiKeyAsSystemPropertyTest {
  private static final String SENTINEL = "sk-SYSPROP-SENTINEL-31337";

  @TempDir
  Path artifacts;

  @Test
  void theKeyIsTakenOutOfTheSystemPropertiesAndTheRouteIsWarnedAbout() {
    String property = Keys.API_KEY.property();
    List<String> keysSeenByTheClient = new CopyOnWriteArrayList<>();
    List<String> propertyAfterDiscovery = new CopyOnWriteArrayList<>();
    InfermarkTestEngine engine = new InfermarkTestEngine((settings, base, progress) -> {
      keysSeenByTheClient.add(ApiKey.from(settings).map(ApiKey::value).orElse("none"));
      propertyAfterDiscovery.add(String.valueOf(System.getProperty(property)));
      return (ServerClient) request -> {
        throw new AssertionError("the fixture sends no requests");
      };
    }, TestRuntime.recordings());
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setProperty(property, SENTINEL);
    try {
      System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
      EngineTestKit.engine(engine).selectors(selectClass(SettingsEchoScenario.class))
          .configurationParameter("infermark.url", "127.0.0.1:9")
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .execute();
    } finally {
      System.setOut(out);
      // a blank value drops the kept key, so later tests in this JVM run without it
      System.setProperty(property, "");
      SystemPropertySecrets.take(SettingsRegistry.load());
    }
    assertThat(keysSeenByTheClient).containsExactly(SENTINEL);
    assertThat(propertyAfterDiscovery).containsExactly("null");
    String printed = console.toString(StandardCharsets.UTF_8);
    assertThat(printed).contains(InfermarkTestEngine.KEY_AS_SYSTEM_PROPERTY).doesNotContain(SENTINEL);
  }
}
