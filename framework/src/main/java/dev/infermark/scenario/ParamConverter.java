package dev.infermark.scenario;

import dev.infermark.settings.SettingKey;

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
        return SettingKey.truth(v).orElseThrow(() -> new IllegalArgumentException("'" + v + "' is not true or false"));
      } else if (type.isEnum()) {
        return Enum.valueOf((Class) type, v.trim());
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + v + "' is not a valid " + type.getSimpleName());
    }
    throw new IllegalArgumentException("type " + type.getName() + " is not supported (use a number, boolean, String or enum)");
  }
}
