package dev.infermark.scenario;

import java.lang.reflect.AnnotatedElement;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Dataset;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Endpoint;
import dev.infermark.annotations.MaxConcurrency;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Ramp;
import dev.infermark.annotations.RequestRate;
import dev.infermark.annotations.UserCentricRate;
import dev.infermark.annotations.Warmup;
import dev.infermark.api.Arrival;
import dev.infermark.settings.Keys;

/**
 * A scenario's defaults: {@code @Default} and its shorthands ({@code @Concurrency}, {@code @Measurement},
 * {@code @Warmup}, {@code @Endpoint}, {@code @Dataset}, and the load model's: {@code @RequestRate},
 * {@code @MaxConcurrency}, {@code @Ramp}, {@code @UserCentricRate}), read from every place {@link Annotated} reads in
 * its order, so a subclass's win over its superclass's and a class's own over its composed annotations';
 * at one place an explicit {@code @Default} wins over a shorthand.
 *
 * @param defaults the plain defaults by key
 * @param presets the defaults of each preset by key
 */
record DefaultsReader(Map<String, String> defaults, Map<String, Map<String, String>> presets) {
  static DefaultsReader read(Class<?> c) {
    Map<String, String> defaults = new LinkedHashMap<>();
    Map<String, Map<String, String>> presets = new LinkedHashMap<>();
    for (AnnotatedElement e : Annotated.sources(c)) {
      shorthands(e, defaults);
      for (Default d : e.getDeclaredAnnotationsByType(Default.class)) {
        Map<String, String> into = d.preset().isBlank() ? defaults
            : presets.computeIfAbsent(d.preset(), p -> new LinkedHashMap<>());
        into.remove(d.key());
        into.put(d.key(), d.value());
      }
    }
    presets.replaceAll((k, v) -> Map.copyOf(v));
    return new DefaultsReader(Map.copyOf(defaults), Map.copyOf(presets));
  }

  private static void shorthands(AnnotatedElement e, Map<String, String> out) {
    Concurrency concurrency = e.getDeclaredAnnotation(Concurrency.class);
    if (concurrency != null) {
      out.put(Keys.CONCURRENCY.name(), Integer.toString(concurrency.value()));
    }
    Measurement m = e.getDeclaredAnnotation(Measurement.class);
    if (m != null && !m.duration().isBlank()) {
      out.put(Keys.BENCHMARK_DURATION.name(), m.duration());
    }
    if (m != null && m.requests() > 0) {
      out.put(Keys.REQUEST_COUNT.name(), Integer.toString(m.requests()));
    }
    Warmup w = e.getDeclaredAnnotation(Warmup.class);
    if (w != null && w.requests() > 0) {
      out.put(Keys.WARMUP_REQUEST_COUNT.name(), Integer.toString(w.requests()));
    }
    if (w != null && !w.duration().isBlank()) {
      out.put(Keys.WARMUP_DURATION.name(), w.duration());
    }
    Endpoint endpoint = e.getDeclaredAnnotation(Endpoint.class);
    if (endpoint != null) {
      out.put(Keys.ENDPOINT_TYPE.name(), endpoint.type());
      out.put(Keys.STREAMING.name(), Boolean.toString(endpoint.streaming()));
    }
    RequestRate rate = e.getDeclaredAnnotation(RequestRate.class);
    if (rate != null) {
      if (!Double.isNaN(rate.value())) { // left out: a @Param sweep or --request-rate gives the rate
        out.put(Keys.REQUEST_RATE.name(), Double.toString(rate.value()));
      }
      out.put(Keys.ARRIVAL_PATTERN.name(), rate.arrival().label());
      if (rate.arrival() == Arrival.GAMMA) {
        out.put(Keys.ARRIVAL_SMOOTHNESS.name(), Double.toString(rate.smoothness()));
      }
    }
    MaxConcurrency cap = e.getDeclaredAnnotation(MaxConcurrency.class);
    if (cap != null) {
      out.put(Keys.MAX_CONCURRENCY.name(), Integer.toString(cap.value()));
    }
    for (Ramp ramp : e.getDeclaredAnnotationsByType(Ramp.class)) {
      boolean r = ramp.target() == Ramp.Target.REQUEST_RATE;
      out.put((r ? Keys.REQUEST_RATE_RAMP_DURATION : Keys.CONCURRENCY_RAMP_DURATION).name(), ramp.over());
      out.put((r ? Keys.REQUEST_RATE_RAMP_SHAPE : Keys.CONCURRENCY_RAMP_SHAPE).name(), ramp.shape().label());
      if (!Double.isNaN(ramp.from())) {
        out.put((r ? Keys.REQUEST_RATE_RAMP_START : Keys.CONCURRENCY_RAMP_START).name(),
            r ? Double.toString(ramp.from()) : Long.toString(Math.round(ramp.from())));
      }
    }
    UserCentricRate userCentric = e.getDeclaredAnnotation(UserCentricRate.class);
    if (userCentric != null) {
      out.put(Keys.USER_CENTRIC_RATE.name(), Double.toString(userCentric.value()));
      out.put(Keys.NUM_USERS.name(), Integer.toString(userCentric.users()));
    }
    Dataset dataset = e.getDeclaredAnnotation(Dataset.class);
    if (dataset != null && !dataset.publicDataset().isBlank()) {
      out.put(Keys.PUBLIC_DATASET.name(), dataset.publicDataset());
    }
    if (dataset != null && !dataset.inputFile().isBlank()) {
      out.put(Keys.INPUT_FILE.name(), dataset.inputFile());
    }
  }
}
