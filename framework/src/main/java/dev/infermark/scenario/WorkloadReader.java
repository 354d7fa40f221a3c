package dev.infermark.scenario;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Warmup;
import dev.infermark.annotations.Workload;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.SelfPhased;

/**
 * A scenario's one {@code @Workload} method, up the class hierarchy: a method a subclass overrides counts
 * once (the subclass's), so a scenario may extend another and replace its workload.
 */
final class WorkloadReader {
  private WorkloadReader() {}

  /** @throws InvalidScenarioException when there is not exactly one, or it cannot be called as one */
  static Method read(Class<?> c) {
    List<Method> found = new ArrayList<>();
    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
      for (Method m : k.getDeclaredMethods()) {
        if (m.isAnnotationPresent(Workload.class) && found.stream().noneMatch(o -> overrides(o, m))) {
          found.add(m);
        }
      }
    }
    if (found.size() != 1) {
      throw new InvalidScenarioException(c, "needs exactly one @Workload method, found " + found.size());
    }
    Method workload = found.get(0);
    if (!LoadGenerator.class.isAssignableFrom(workload.getReturnType())) {
      throw new InvalidScenarioException(c, "@Workload method " + workload.getName() + " must return a "
          + LoadGenerator.class.getName() + " (a ClosedLoop such as Conversations, or a SelfPhased methodology), not "
          + workload.getReturnType().getName());
    }
    if (SelfPhased.class.isAssignableFrom(workload.getReturnType())) {
      for (Class<? extends java.lang.annotation.Annotation> a : List.of(Warmup.class, Measurement.class)) {
        if (Annotated.present(c, a)) {
          throw new InvalidScenarioException(c, ScenarioModel.selfPhasedProblem(a, workload.getReturnType()));
        }
      }
    }
    for (java.lang.reflect.Parameter p : workload.getParameters()) {
      ScenarioModel.injectionProblem(p.getType(), c).ifPresent(why -> {
        throw new InvalidScenarioException(c, "@Workload parameter " + p.getName() + " of type " + p.getType().getName()
            + " cannot be injected: " + why);
      });
    }
    workload.setAccessible(true);
    return workload;
  }

  /** Whether {@code sub} (found first, in a subclass) overrides {@code m}. */
  private static boolean overrides(Method sub, Method m) {
    return sub.getName().equals(m.getName()) && Arrays.equals(sub.getParameterTypes(), m.getParameterTypes());
  }
}
