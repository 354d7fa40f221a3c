package dev.infermark.annotations.processing;

import static dev.infermark.api.status.API.Status.INTERNAL;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

import dev.infermark.annotations.Scenario;
import dev.infermark.api.status.API;

/**
 * Writes the scenario index at compile time, as JMH's annotation processor writes its benchmark
 * list: {@value #INDEX} in the class output, the binary name of every class annotated
 * {@code @Scenario} (directly or inherited), one a line, sorted. Discovery reads it instead of
 * scanning the class path (docs/running.md, "The scenario index"). The file is written for every
 * compilation the processor sees, empty when it has no scenario, so that an output folder or jar
 * with an index is known to need no scan.
 *
 * <p>javac runs it from the class path (registered in {@code META-INF/services}) where annotation
 * processing is on: by default on JDK 21 and 22, with {@code -proc:full} (Maven:
 * {@code <proc>full</proc>}) from JDK 23. An incremental compilation (an IDE's) keeps the entries
 * of the index already in the output whose class still exists and is still a scenario.
 */
@API(status = INTERNAL)
@SupportedAnnotationTypes("*")
public final class ScenarioIndexer extends AbstractProcessor {
  /** Where the index lives, in a class path element (folder or jar). */
  public static final String INDEX = "META-INF/infermark/scenarios";

  /** The first line, so that the file says what it is. */
  static final String HEADER = "# infermark scenario index: the @Scenario classes of this class path element"
      + " (written by " + ScenarioIndexer.class.getName() + ")";

  private final Set<String> found = new TreeSet<>();
  private boolean mergedPrevious;

  /** Public, with no arguments: javac's ServiceLoader makes it. */
  public ScenarioIndexer() {}

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (!mergedPrevious) {
      mergedPrevious = true;
      mergePrevious();
    }
    TypeElement scenario = processingEnv.getElementUtils().getTypeElement(Scenario.class.getCanonicalName());
    if (scenario != null) {
      for (Element e : round.getElementsAnnotatedWith(scenario)) {
        if (e.getKind() == ElementKind.CLASS) {
          found.add(processingEnv.getElementUtils().getBinaryName((TypeElement) e).toString());
        }
      }
    }
    if (round.processingOver()) {
      write();
    }
    return false; // claims nothing: other processors see @Scenario too
  }

  /** Keeps what an earlier compilation into the same output indexed, where it still holds. */
  private void mergePrevious() {
    FileObject previous;
    try {
      previous = processingEnv.getFiler().getResource(StandardLocation.CLASS_OUTPUT, "", INDEX);
    } catch (IOException | IllegalArgumentException none) {
      return;
    }
    try (Reader r = previous.openReader(true); BufferedReader lines = new BufferedReader(r)) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        String name = line.strip();
        if (!name.isEmpty() && !name.startsWith("#") && stillAScenario(name)) {
          found.add(name);
        }
      }
    } catch (IOException none) {
      // no index yet (a first or clean build)
    }
  }

  private boolean stillAScenario(String binaryName) {
    TypeElement t = processingEnv.getElementUtils().getTypeElement(binaryName.replace('$', '.'));
    return t != null && processingEnv.getElementUtils().getAllAnnotationMirrors(t).stream()
        .anyMatch(m -> ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName()
            .contentEquals(Scenario.class.getCanonicalName()));
  }

  private void write() {
    try {
      FileObject out = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", INDEX);
      try (Writer w = new java.io.OutputStreamWriter(out.openOutputStream(), StandardCharsets.UTF_8)) {
        w.write(HEADER + "\n");
        for (String name : found) {
          w.write(name + "\n");
        }
      }
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.WARNING,
          "infermark: cannot write the scenario index " + INDEX + " (" + e.getMessage()
              + "); discovery will scan this output instead");
    }
  }
}
