package dev.infermark.scenario;

import java.util.Locale;

/** Converts {@code @Param} text values to field types. */
final class ParamConverter {
  private ParamConverter() {}

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object convert(Class<?> type, String v) {
    try {
      if (type == String.class) {
        return v;
      } else if (type == int.class || type == Integer.class) {
        return Integer.parseInt(v.trim());
      } else if (type == long.class || type == Long.class) {
        return Long.parseLong(v.trim());
      } else if (type == double.class || type == Double.class) {
        return Double.parseDouble(v.trim());
      } else if (type == boolean.class || type == Boolean.class) {
        String t = v.trim().toLowerCase(Locale.ROOT);
        if (!t.equals("true") && !t.equals("false")) {
          throw new IllegalArgumentException("'" + v + "' is not true or false");
        }
        return Boolean.parseBoolean(t);
      } else if (type.isEnum()) {
        return Enum.valueOf((Class) type, v.trim());
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + v + "' is not a valid " + type.getSimpleName());
    }
    throw new IllegalArgumentException("type " + type.getName() + " is not supported (use a number, boolean, String or enum)");
  }
}
