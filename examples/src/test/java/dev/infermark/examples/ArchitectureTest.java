package dev.infermark.examples;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import dev.infermark.annotations.Scenario;
import dev.infermark.api.status.API;

/**
 * The architecture's rules over the main code of every module (this module sees them all): no
 * package depends on itself through others; the API (what a scenario author compiles against)
 * uses nothing but itself and the JDK; a built-in {@code @Scenario} class uses the API and its own
 * methodology, never the framework; every public type of the API says how far it may be relied on,
 * and every other package says it is not API.
 */
class ArchitectureTest {
  /** Our modules' main classes: a reactor module's classes folder or jar (not a test jar), never a third-party jar. */
  private static final Pattern OURS = Pattern.compile(".*(/target/classes/|/infermark-[a-z-]+-[0-9][^/]*(?<!-tests)\\.jar!/).*");
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .withImportOption(location -> location.matches(OURS))
      // the framework's test jar (shared test helpers) is on this class path too: not main code
      .withImportOption(location -> !location.contains("-tests.jar!/"))
      .importPackages("dev.infermark");

  @Test
  void everyModuleIsOnTheClassPath() {
    // so a rule below cannot pass because the classes it is about were not imported
    for (String pkg : new String[] {"dev.infermark.api", "dev.infermark.annotations", "dev.infermark.run",
        "dev.infermark.client", "dev.infermark.protocol", "dev.infermark.servermetrics", "dev.infermark.observer",
        "dev.infermark.engine", "dev.infermark.agentx", "dev.infermark.agentperf",
        "dev.infermark.accuracy", "dev.infermark.chat", "dev.infermark.traces", "dev.infermark.simulator"}) {
      assertThat(MAIN.stream().anyMatch(c -> c.getPackageName().startsWith(pkg))).as(pkg).isTrue();
    }
  }

  @Test
  void noPackageCycles() {
    slices().matching("dev.infermark.(**)").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void builtInScenarioClassesUseTheApiAndTheirMethodologyOnly() {
    // the methodology (its generator, its composed annotations) is the scenario's own; the framework is not
    noClasses().that().areAnnotatedWith(Scenario.class)
        .should().dependOnClassesThat()
        .resideOutsideOfPackages("dev.infermark.api..", "dev.infermark.annotations..", "java..",
            "dev.infermark.agentx..", "dev.infermark.agentperf..", "dev.infermark.accuracy..", "dev.infermark.chat..",
            "dev.infermark.traces.replay..")
        .check(MAIN);
  }

  @Test
  void nothingButTheClientModuleNamesTheOpenAiClient() {
    // the harness, recording, engine and methodologies send through the protocol plug-in point (dev.infermark.protocol)
    noClasses().that().resideOutsideOfPackage("dev.infermark.client..")
        .should().dependOnClassesThat().resideInAPackage("dev.infermark.client..")
        .check(MAIN);
  }

  @Test
  void nothingButTheServerMetricsModuleAndTheReportNamesTheServerMetrics() {
    // the harness starts them through the run-observer plug-in point (dev.infermark.observer); the report reads
    // their export's names
    noClasses().that().resideOutsideOfPackages("dev.infermark.servermetrics..", "dev.infermark.report..")
        .should().dependOnClassesThat().resideInAPackage("dev.infermark.servermetrics..")
        .check(MAIN);
  }

  @Test
  void theApiUsesOnlyItselfAndTheJdk() {
    noClasses().that().resideInAnyPackage("dev.infermark.api..", "dev.infermark.annotations..")
        .and().resideOutsideOfPackage("dev.infermark.annotations.processing")
        .should().dependOnClassesThat()
        .resideOutsideOfPackages("dev.infermark.api..", "dev.infermark.annotations..", "java..")
        .check(MAIN);
    // the scenario index's annotation processor: javac's processing API, also the JDK's
    noClasses().that().resideInAPackage("dev.infermark.annotations.processing")
        .should().dependOnClassesThat()
        .resideOutsideOfPackages("dev.infermark.api..", "dev.infermark.annotations..", "java..",
            "javax.annotation.processing..", "javax.lang.model..", "javax.tools..")
        .check(MAIN);
  }

  @Test
  void everyPublicApiTypeCarriesItsApiStatus() {
    classes().that().resideInAnyPackage("dev.infermark.api..", "dev.infermark.annotations..")
        .and().arePublic().and().areTopLevelClasses()
        .should().beAnnotatedWith(API.class)
        .check(MAIN);
  }

  @Test
  void everyPackageOutsideTheApiSaysItIsNotApi() {
    // public for the modules' sake, not the author's: the package says so (INTERNAL or EXPERIMENTAL)
    var unmarked = MAIN.stream().map(c -> c.getPackageName()).distinct()
        .filter(p -> !p.startsWith("dev.infermark.api") && !p.startsWith("dev.infermark.annotations"))
        .filter(p -> !MAIN.getPackage(p).isAnnotatedWith(API.class))
        .sorted().toList();
    assertThat(unmarked).as("packages without a package-info.java carrying @API(status = INTERNAL)").isEmpty();
  }

  /** The built-in methodologies' modules, each a package root: they may use their own INTERNAL types. */
  private static final List<String> METHODOLOGIES = List.of("dev.infermark.agentx", "dev.infermark.agentperf",
      "dev.infermark.accuracy", "dev.infermark.chat", "dev.infermark.traces.replay");

  @Test
  void builtInMethodologiesUseNoInternalTypeOfAnotherModule() {
    // what a methodology needs from the framework is API or SPI: the next methodology is written the same way
    Set<String> violations = new TreeSet<>();
    for (JavaClass c : MAIN) {
      Optional<String> own = METHODOLOGIES.stream().filter(root -> inside(c, root)).findFirst();
      if (own.isEmpty()) {
        continue;
      }
      c.getDirectDependenciesFromSelf().forEach(d -> {
        JavaClass target = d.getTargetClass().getBaseComponentType();
        if (target.getPackageName().startsWith("dev.infermark.") && !inside(target, own.get())
            && status(target).orElse(API.Status.INTERNAL) == API.Status.INTERNAL) {
          violations.add(c.getName() + " -> " + target.getName());
        }
      });
    }
    assertThat(violations).as("INTERNAL types a built-in methodology uses").isEmpty();
  }

  @Test
  void noApiOrSpiSignatureUsesAnInternalType() {
    // a STABLE or EXPERIMENTAL type promises what its public signatures name: nothing INTERNAL may leak through them
    Set<String> violations = new TreeSet<>();
    for (JavaClass c : MAIN) {
      if (!c.getModifiers().contains(JavaModifier.PUBLIC) || status(c).orElse(API.Status.INTERNAL) == API.Status.INTERNAL
          || c.isAnonymousClass() || c.isLocalClass()) {
        continue;
      }
      List<JavaType> named = new ArrayList<>();
      c.getSuperclass().ifPresent(named::add);
      named.addAll(c.getInterfaces());
      for (JavaField f : c.getFields()) {
        if (visible(f.getModifiers())) {
          named.add(f.getType());
        }
      }
      for (JavaCodeUnit m : c.getCodeUnits()) {
        if (visible(m.getModifiers()) && !m.getModifiers().contains(JavaModifier.SYNTHETIC)) {
          named.add(m.getReturnType());
          named.addAll(m.getParameterTypes());
        }
      }
      for (JavaType t : named) {
        for (JavaClass used : t.getAllInvolvedRawTypes()) {
          JavaClass base = used.getBaseComponentType();
          if (base.getPackageName().startsWith("dev.infermark.")
              && status(base).orElse(API.Status.INTERNAL) == API.Status.INTERNAL) {
            violations.add(c.getName() + " names " + base.getName());
          }
        }
      }
    }
    assertThat(violations).as("INTERNAL types in STABLE or EXPERIMENTAL signatures").isEmpty();
  }

  private static boolean visible(Set<JavaModifier> modifiers) {
    return modifiers.contains(JavaModifier.PUBLIC) || modifiers.contains(JavaModifier.PROTECTED);
  }

  private static boolean inside(JavaClass c, String root) {
    return c.getPackageName().equals(root) || c.getPackageName().startsWith(root + ".");
  }

  /** A class's {@code @API} status: its own, else its enclosing class's, else its package's. */
  static Optional<API.Status> status(JavaClass c) {
    for (Optional<JavaClass> k = Optional.of(c); k.isPresent(); k = k.get().getEnclosingClass()) {
      Optional<API.Status> own = statusOf(k.get().tryGetAnnotationOfType(API.class.getName()));
      if (own.isPresent()) {
        return own;
      }
    }
    try {
      return statusOf(c.getPackage().tryGetAnnotationOfType(API.class.getName()));
    } catch (RuntimeException noPackageInfo) {
      return Optional.empty();
    }
  }

  private static Optional<API.Status> statusOf(Optional<? extends JavaAnnotation<?>> api) {
    return api.flatMap(a -> a.get("status")).map(v -> API.Status.valueOf(v.toString().replaceAll(".*\\.", "")));
  }
}
