package dev.infermark.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import dev.infermark.api.Setting;

/** The API's setting names ({@code @Default(key = Setting.X)}) are exactly the framework's core keys: one key per constant, named by it. */
class SettingNamesTest {
  @Test
  void everyCoreKeyHasItsNameInTheApiUnderTheSameConstant() throws Exception {
    Map<String, String> keys = new TreeMap<>();
    for (Field f : Keys.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.get(null) instanceof SettingKey<?> k) {
        keys.put(f.getName(), k.name());
      }
    }
    Map<String, String> names = new TreeMap<>();
    for (Field f : Setting.class.getFields()) {
      names.put(f.getName(), (String) f.get(null));
    }
    assertThat(names).as("dev.infermark.api.Setting: add a constant for each key of Keys, named alike").isEqualTo(keys);
  }
}
