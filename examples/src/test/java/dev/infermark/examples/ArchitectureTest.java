package dev.infermark.examples;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
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
        "dev.infermark.client", "dev.infermark.engine", "dev.infermark.agentx", "dev.infermark.agentperf",
        "dev.infermark.accuracy", "dev.infermark.weka", "dev.infermark.simulator"}) {
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
            "dev.infermark.agentx..", "dev.infermark.agentperf..", "dev.infermark.accuracy..")
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
}
