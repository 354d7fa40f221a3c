package dev.infermark.scenario;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.annotations.Param;

/**
 * A scenario's {@code @Param} fields with their values, up the class hierarchy (a superclass's fields
 * first, each class's in declaration order): a subclass sweeps what its superclass declares.
 */
final class ParamReader {
  private ParamReader() {}

  /** @throws InvalidScenarioException naming the field that cannot be a parameter */
  static Map<Field, List<String>> read(Class<?> c) {
    List<Class<?>> classes = new java.util.ArrayList<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      classes.add(0, k);
    }
    Map<Field, List<String>> params = new LinkedHashMap<>();
    Map<String, Field> byName = new LinkedHashMap<>();
    for (Class<?> k : classes) {
      for (Field f : k.getDeclaredFields()) {
        Param p = f.getAnnotation(Param.class);
        if (p == null) {
          continue;
        }
        if (Modifier.isStatic(f.getModifiers()) || Modifier.isFinal(f.getModifiers())) {
          throw new InvalidScenarioException(c, "@Param field " + f.getName() + " must be neither static nor final");
        }
        if (p.value().length == 0) {
          throw new InvalidScenarioException(c, "@Param field " + f.getName() + " needs at least one value");
        }
        Field clash = byName.put(f.getName(), f);
        if (clash != null) {
          throw new InvalidScenarioException(c, "@Param field " + f.getName() + " of " + k.getSimpleName()
              + " hides the one of " + clash.getDeclaringClass().getSimpleName() + ": a run's parameters are named by field");
        }
        for (String v : p.value()) {
          try {
            ParamConverter.convert(f.getType(), v);
          } catch (IllegalArgumentException e) {
            throw new InvalidScenarioException(c, "@Param field " + f.getName() + ": " + e.getMessage());
          }
        }
        f.setAccessible(true);
        params.put(f, List.of(p.value()));
      }
    }
    return params;
  }
}
