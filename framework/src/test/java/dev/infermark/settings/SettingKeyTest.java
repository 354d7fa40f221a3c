package dev.infermark.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SettingKeyTest {
  @Test
  void oneBooleanReadingEverywhere() {
    for (String yes : new String[] {"true", "TRUE", " 1 ", "yes", "On"}) {
      assertThat(SettingKey.truth(yes)).as(yes).contains(true);
      assertThat(SettingKey.parseBoolean(yes)).as(yes).isTrue();
    }
    for (String no : new String[] {"false", "0", "no", "OFF"}) {
      assertThat(SettingKey.truth(no)).as(no).contains(false);
    }
    assertThat(SettingKey.truth("maybe")).isEmpty();
    assertThatThrownBy(() -> Keys.STREAMING.parse("maybe")).hasMessage("infermark.streaming: cannot use 'maybe': expected true or false");
  }

  @Test
  void urlIsNormalisedAndCheckedByItsSetting() {
    assertThat(Keys.URL.parse("localhost:8000")).containsExactly(URI.create("http://localhost:8000"));
    assertThat(Keys.URL.parse("https://h.example/v1/")).containsExactly(URI.create("https://h.example"));
    assertThat(Keys.URL.parse("http://10.0.0.1:30000/")).containsExactly(URI.create("http://10.0.0.1:30000"));
    // several, as AIPerf's repeated --url
    assertThat(Keys.URL.parse("localhost:8000, http://localhost:8001/v1,")).containsExactly(
        URI.create("http://localhost:8000"), URI.create("http://localhost:8001"));
    assertThatThrownBy(() -> Keys.URL.parse("h:1,ftp://x")).hasMessage(
        "infermark.url: cannot use 'h:1,ftp://x': 'ftp://x': not an http(s) URL with a host");
    assertThatThrownBy(() -> Keys.URL.parse("h:1,http://h:1/")).hasMessage(
        "infermark.url: cannot use 'h:1,http://h:1/': http://h:1 is listed twice");
    assertThat(Keys.URL.parse(" ")).isNull();
    assertThatThrownBy(() -> Keys.URL.parse("ftp://x")).hasMessage("infermark.url: cannot use 'ftp://x': not an http(s) URL with a host");
    assertThatThrownBy(() -> Keys.URL.parse("http://a b")).hasMessageStartingWith("infermark.url: cannot use 'http://a b': not a URL");
  }

  @Test
  void aBlankUrlSettingIsUnset() {
    assertThat(Settings.of(Map.of("url", "")).get(Keys.URL)).isNull();
    assertThat(Settings.of(Map.of("url", "h:1/")).get(Keys.URL)).containsExactly(URI.create("http://h:1"));
  }
}
