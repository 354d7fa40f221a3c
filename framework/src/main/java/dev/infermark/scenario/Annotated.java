package dev.infermark.scenario;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a scenario class's annotations are read from, in one order for every reader: up the class
 * hierarchy (the root superclass first), and at each class its composed annotations (an annotation
 * type of the user's that carries ours, such as a shared smoke preset; meta-annotations before the
 * annotation type itself) before the class's own. Nearer declarations come later, so a reader that
 * keeps one value per key lets the subclass, then the class's own annotation, win. Only declared
 * annotations are read at each place, so {@code @Inherited} never counts one twice.
 */
final class Annotated {
  private Annotated() {}

  /** The places to read, in order: for each class from the root down, its composed annotation types, then the class. */
  static List<AnnotatedElement> sources(Class<?> c) {
    List<Class<?>> classes = new ArrayList<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      classes.add(0, k);
    }
    List<AnnotatedElement> out = new ArrayList<>();
    for (Class<?> k : classes) {
      Set<Class<?>> seen = new HashSet<>();
      for (Annotation a : k.getDeclaredAnnotations()) {
        composed(a.annotationType(), seen, out);
      }
      out.add(k);
    }
    return out;
  }

  /** Every {@code type} annotation of {@code c}, from all its {@link #sources}, in their order (repeatables unrolled). */
  static <A extends Annotation> List<A> all(Class<?> c, Class<A> type) {
    List<A> out = new ArrayList<>();
    for (AnnotatedElement e : sources(c)) {
      out.addAll(List.of(e.getDeclaredAnnotationsByType(type)));
    }
    return out;
  }

  /** Whether any source of {@code c} carries {@code type}. */
  static boolean present(Class<?> c, Class<? extends Annotation> type) {
    return !all(c, type).isEmpty();
  }

  private static void composed(Class<? extends Annotation> t, Set<Class<?>> seen, List<AnnotatedElement> out) {
    String name = t.getName();
    if (name.startsWith("java.") || name.startsWith("dev.infermark.annotations.") || !seen.add(t)) {
      return; // ours are read where they sit; the JDK's carry none of ours
    }
    for (Annotation meta : t.getDeclaredAnnotations()) {
      composed(meta.annotationType(), seen, out);
    }
    out.add(t);
  }
}
