package dev.infermark.engine;

import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;

import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.UniqueId;

import dev.infermark.engine.descriptor.InfermarkEngineDescriptor;
import dev.infermark.engine.descriptor.InfermarkUniqueIds;
import dev.infermark.engine.discovery.ScenarioDiscovery;
import dev.infermark.engine.execution.ScenarioExecutor;
import dev.infermark.run.ClientFactory;
import dev.infermark.run.ConsoleLog;
import dev.infermark.run.RunRecording;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import dev.infermark.settings.SystemPropertySecrets;

/**
 * The infermark {@link TestEngine} (id {@code infermark}): discovers {@code @Scenario} classes and
 * runs them. Registered in {@code META-INF/services/org.junit.platform.engine.TestEngine}, so
 * Surefire, the ConsoleLauncher and IDEs find it on the test class path.
 */
public final class InfermarkTestEngine implements TestEngine {
  static final String KEY_AS_SYSTEM_PROPERTY = "infermark: WARNING the API key was given as a system property "
      + "(-Dinfermark.api-key): it shows in process lists, shell history and CI logs, and build tools copy system "
      + "properties into their reports (infermark took it out of this JVM's system properties before any report was "
      + "written). Put it in a file named by infermark.api-key-file, or in OPENAI_API_KEY or INFERMARK_API_KEY.";
  private final ClientFactory clients;
  private final RunRecording.Factory recordings;
  private final Map<String, String> environment;

  /** The engine as the platform loads it: the real client and recording, the process environment. */
  public InfermarkTestEngine() {
    this(Standard.clients(), Standard.recordings());
  }

  /** An engine with substituted client and recording (engine tests). */
  public InfermarkTestEngine(ClientFactory clients, RunRecording.Factory recordings) {
    this(clients, recordings, System.getenv());
  }

  /** As above, reading {@code INFERMARK_*} (and {@code OPENAI_API_KEY}) from {@code environment} (engine tests). */
  public InfermarkTestEngine(ClientFactory clients, RunRecording.Factory recordings, Map<String, String> environment) {
    this.clients = clients;
    this.recordings = recordings;
    this.environment = Map.copyOf(environment);
  }

  @Override
  public String getId() {
    return InfermarkUniqueIds.ENGINE_ID;
  }

  @Override
  public Optional<String> getGroupId() {
    return Optional.of("dev.infermark");
  }

  @Override
  public Optional<String> getArtifactId() {
    return Optional.of("infermark-junit-engine");
  }

  /**
   * Reads the user's settings once (configuration parameters, {@code -D}, {@code INFERMARK_*}),
   * then resolves the request into scenarios, runs and checks ({@link ScenarioDiscovery}).
   */
  @Override
  public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
    // Before any library touches SLF4J: no "No SLF4J providers" warning on every Maven run.
    ConsoleLog.quietSlf4jWithoutProvider(Thread.currentThread().getContextClassLoader() == null
        ? InfermarkTestEngine.class.getClassLoader() : Thread.currentThread().getContextClassLoader());
    ConfigurationParameters config = request.getConfigurationParameters();
    SettingsRegistry registry = SettingsRegistry.load();
    // Secrets leave the system properties first: Surefire copies every one into its XML reports.
    SettingsResolver settings = new SettingsResolver(registry, config::get, config.keySet(),
        SystemPropertySecrets.systemProperties(registry), environment);
    InfermarkEngineDescriptor root = new InfermarkEngineDescriptor(uniqueId, settings);
    ScenarioDiscovery.discover(request, root);
    return root;
  }

  /** Runs what discovery resolved, with the settings discovery read. */
  @Override
  public void execute(ExecutionRequest request) {
    InfermarkEngineDescriptor root = (InfermarkEngineDescriptor) request.getRootTestDescriptor();
    PrintStream out = System.out;
    ConsoleLog.install(out);
    if (SystemPropertySecrets.kept(Keys.API_KEY.property()) && !root.getChildren().isEmpty()) {
      out.println(KEY_AS_SYSTEM_PROPERTY);
    }
    java.util.function.Consumer<String> console = line -> {
      out.println(line);
      out.flush();
    };
    ScenarioRunner runner = new ScenarioRunner(root.settings(), clients, recordings, console);
    new ScenarioExecutor(request.getEngineExecutionListener(), runner, console).execute(root);
  }
}
