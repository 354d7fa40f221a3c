package dev.infermark.settings;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.infermark.annotations.SettingName;
import dev.infermark.annotations.SettingsPrefix;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.dynamic.scaffold.subclass.ConstructorStrategy;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.matcher.ElementMatchers;

/**
 * A typed settings interface, implemented from resolved settings: a scenario or generator declares
 * what it reads ({@code interface ReplaySettings { Duration benchmarkDuration(); int concurrency(); }})
 * and gets an object whose methods return the run's values, parsed by each key's own parser, instead
 * of a {@code settings.get(KEY)} per value.
 *
 * <p>A method's setting is its name in kebab case ({@code benchmarkDuration} reads
 * {@code benchmark-duration}), after the interface's {@link SettingsPrefix}, unless
 * {@link SettingName} names it. Its return type is the key's type ({@code int} for an
 * {@code Integer} key with a default, {@code Integer} or {@code Optional<Integer>} for one that may
 * be unset). An unknown name, a type that does not fit or a method with parameters is a problem,
 * found when the interface is checked (at discovery for a {@code @Workload} parameter) or
 * implemented. Default methods are left alone: they may derive values from the others. Reading a
 * value marks its setting as read (for the run's unread-settings warning).
 *
 * <p>ByteBuddy generates one class per interface, beside it (same package, so package-private
 * interfaces work), whose methods call the setting's getter directly: no reflection per call.
 */
public final class TypedSettings {
  private static final ClassValue<Class<?>> GENERATED = new ClassValue<>() {
    @Override
    protected Class<?> computeValue(Class<?> type) {
      return generate(type);
    }
  };

  private TypedSettings() {}

  /** What a generated implementation reads: one key per abstract method, in {@link #methods} order. */
  public record Reads(Settings settings, List<SettingKey<?>> keys, List<Boolean> optional) {}

  /** The base of every generated implementation. */
  public abstract static class Base {
    private final Reads reads;

    protected Base(Reads reads) {
      this.reads = reads;
    }

    /** The value of the {@code index}th method's setting (an {@code Optional} for optional ones). */
    protected final Object value(int index) {
      Object v = reads.settings().get(reads.keys().get(index));
      return reads.optional().get(index) ? Optional.ofNullable(v) : v;
    }

    @Override
    public String toString() {
      return getClass().getInterfaces()[0].getSimpleName() + reads.keys();
    }
  }

  /**
   * What is wrong with {@code type} as a typed settings interface under {@code registry}; empty
   * when it can be implemented.
   */
  public static List<String> problems(Class<?> type, SettingsRegistry registry) {
    List<String> out = new ArrayList<>();
    if (!type.isInterface()) {
      out.add(type.getName() + " is not an interface");
      return out;
    }
    for (Method m : methods(type)) {
      bind(type, m, registry, out);
    }
    return out;
  }

  /**
   * An implementation of {@code type} reading {@code settings}.
   *
   * @throws IllegalArgumentException listing every problem of the interface
   */
  public static <T> T of(Class<T> type, Settings settings, SettingsRegistry registry) {
    List<String> problems = new ArrayList<>();
    List<SettingKey<?>> keys = new ArrayList<>();
    List<Boolean> optional = new ArrayList<>();
    if (!type.isInterface()) {
      problems.add(type.getName() + " is not an interface");
    } else {
      for (Method m : methods(type)) {
        bind(type, m, registry, problems).ifPresent(k -> {
          keys.add(k);
          optional.add(m.getReturnType() == Optional.class);
        });
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("typed settings " + type.getName() + ": " + String.join("; ", problems));
    }
    try {
      Constructor<?> c = GENERATED.get(type).getConstructor(Reads.class);
      return type.cast(c.newInstance(new Reads(settings, List.copyOf(keys), List.copyOf(optional))));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot implement " + type.getName() + ": " + e, e);
    }
  }

  /** The names of the settings {@code type}'s methods read (those that name one). */
  public static List<String> reads(Class<?> type, SettingsRegistry registry) {
    List<String> names = new ArrayList<>();
    if (type.isInterface()) {
      for (Method m : methods(type)) {
        bind(type, m, registry, new ArrayList<>()).ifPresent(k -> names.add(k.name()));
      }
    }
    return names;
  }

  /** The abstract methods, in a fixed order (by name): each one setting. */
  static List<Method> methods(Class<?> type) {
    Map<String, Method> byName = new java.util.TreeMap<>();
    for (Method m : type.getMethods()) {
      if (Modifier.isAbstract(m.getModifiers()) && !isObjectMethod(m)) {
        byName.putIfAbsent(m.getName(), m);
      }
    }
    return List.copyOf(byName.values());
  }

  private static boolean isObjectMethod(Method m) {
    try {
      Object.class.getMethod(m.getName(), m.getParameterTypes());
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** {@code benchmarkDuration} to {@code benchmark-duration}. */
  static String kebab(String camel) {
    StringBuilder b = new StringBuilder();
    for (char c : camel.toCharArray()) {
      if (Character.isUpperCase(c)) {
        b.append('-').append(Character.toLowerCase(c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static Optional<SettingKey<?>> bind(Class<?> type, Method m, SettingsRegistry registry, List<String> problems) {
    String at = type.getSimpleName() + "." + m.getName() + "()";
    if (m.getParameterCount() > 0 || m.getReturnType() == void.class || m.getTypeParameters().length > 0) {
      problems.add(at + " must take nothing and return the setting's value");
      return Optional.empty();
    }
    SettingName named = m.getAnnotation(SettingName.class);
    SettingsPrefix prefix = type.getAnnotation(SettingsPrefix.class);
    String name = named != null ? named.value() : (prefix == null ? "" : prefix.value()) + kebab(m.getName());
    Optional<SettingKey<?>> key = registry.find(name);
    if (key.isEmpty()) {
      problems.add(at + " reads infermark." + name + ", which is not a setting"
          + registry.closest(name).map(c -> "; did you mean infermark." + c + "?").orElse(""));
      return Optional.empty();
    }
    SettingKey<?> k = key.get();
    Type want = m.getGenericReturnType();
    boolean optional = m.getReturnType() == Optional.class;
    if (optional) {
      want = want instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : Object.class;
    }
    Class<?> boxed = m.getReturnType().isPrimitive() ? BOXES.get(m.getReturnType()) : null;
    String keyType = k.type().getTypeName();
    if (!(boxed != null ? boxed.getName() : want.getTypeName()).equals(keyType)) {
      problems.add(at + " returns " + m.getGenericReturnType().getTypeName() + ", but infermark." + name + " is a "
          + keyType + " (declare " + simple(keyType) + (k.defaultText() == null ? " or Optional<" + simple(keyType) + ">" : "")
          + ")");
      return Optional.empty();
    }
    if (boxed != null && k.defaultText() == null) {
      problems.add(at + " returns " + m.getReturnType() + ", but infermark." + name + " has no default and may be unset "
          + "(declare " + simple(keyType) + " or Optional<" + simple(keyType) + ">)");
      return Optional.empty();
    }
    return key;
  }

  private static final Map<Class<?>, Class<?>> BOXES = Map.of(int.class, Integer.class, long.class, Long.class,
      double.class, Double.class, boolean.class, Boolean.class);

  private static String simple(String typeName) {
    return typeName.replaceAll("[a-z.]+\\.([A-Z])", "$1");
  }

  /** Generates the implementation class of {@code type}: method i returns {@code value(i)}, cast. */
  private static Class<?> generate(Class<?> type) {
    try {
      Method value = Base.class.getDeclaredMethod("value", int.class);
      DynamicType.Builder<?> b = new ByteBuddy()
          .subclass(Base.class, ConstructorStrategy.Default.IMITATE_SUPER_CLASS_OPENING)
          .implement(type)
          .name(type.getName() + "$$InfermarkSettings");
      List<Method> methods = methods(type);
      for (int i = 0; i < methods.size(); i++) {
        b = b.method(ElementMatchers.named(methods.get(i).getName()).and(ElementMatchers.takesNoArguments()))
            .intercept(MethodCall.invoke(value).with(i).withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC));
      }
      return b.make().load(type.getClassLoader(),
          ClassLoadingStrategy.UsingLookup.of(MethodHandles.privateLookupIn(type, MethodHandles.lookup()))).getLoaded();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot implement " + type.getName() + ": " + e, e);
    }
  }
}
