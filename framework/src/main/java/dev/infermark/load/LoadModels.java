package dev.infermark.load;

import static dev.infermark.settings.Keys.ARRIVAL_PATTERN;
import static dev.infermark.settings.Keys.ARRIVAL_SMOOTHNESS;
import static dev.infermark.settings.Keys.CONCURRENCY;
import static dev.infermark.settings.Keys.CONCURRENCY_RAMP_DURATION;
import static dev.infermark.settings.Keys.CONCURRENCY_RAMP_SHAPE;
import static dev.infermark.settings.Keys.CONCURRENCY_RAMP_START;
import static dev.infermark.settings.Keys.MAX_CONCURRENCY;
import static dev.infermark.settings.Keys.NUM_USERS;
import static dev.infermark.settings.Keys.REQUEST_RATE;
import static dev.infermark.settings.Keys.REQUEST_RATE_RAMP_DURATION;
import static dev.infermark.settings.Keys.REQUEST_RATE_RAMP_SHAPE;
import static dev.infermark.settings.Keys.REQUEST_RATE_RAMP_START;
import static dev.infermark.settings.Keys.USER_CENTRIC_RATE;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.infermark.api.Arrival;
import dev.infermark.api.ClosedLoop;
import dev.infermark.api.LoadGenerator;
import dev.infermark.api.LoadModel;
import dev.infermark.api.OpenLoop;
import dev.infermark.api.RampShape;
import dev.infermark.api.SelfPhased;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;

/**
 * The one reading of the load settings into the run's {@link LoadModel}:
 * <ul>
 *   <li>{@code user-centric-rate} with {@code num-users}: {@link LoadModel.UserCentric};</li>
 *   <li>else {@code request-rate}: {@link LoadModel.Open}, spaced by {@code arrival-pattern} (Poisson unless
 *       given; {@code arrival-smoothness} alone selects gamma), capped by {@code max-concurrency}, or by
 *       {@code concurrency} when the user gave it (AIPerf's {@code --concurrency} beside {@code --request-rate});
 *       ramped by the {@code request-rate-ramp-} and {@code concurrency-ramp-} settings;</li>
 *   <li>else {@link LoadModel.Closed}: {@code concurrency} users ({@code max-concurrency} alone stands for it, as
 *       vLLM's {@code --max-concurrency} without a rate), ramped by the {@code concurrency-ramp-} settings.</li>
 * </ul>
 * A setting that the chosen model does not use, or two that contradict each other, is an error naming them.
 */
public final class LoadModels {
  /** The settings that choose and shape the load model (a self-phased workload honours none of them). */
  public static final List<SettingKey<?>> SETTINGS = List.of(REQUEST_RATE, ARRIVAL_PATTERN, ARRIVAL_SMOOTHNESS,
      MAX_CONCURRENCY, REQUEST_RATE_RAMP_DURATION, REQUEST_RATE_RAMP_SHAPE, REQUEST_RATE_RAMP_START,
      CONCURRENCY_RAMP_DURATION, CONCURRENCY_RAMP_SHAPE, CONCURRENCY_RAMP_START, USER_CENTRIC_RATE, NUM_USERS);

  private LoadModels() {}

  /**
   * The run's load model.
   *
   * @throws IllegalArgumentException naming the setting that cannot be used, and why
   */
  public static LoadModel of(Settings s) {
    if (s.isSet(USER_CENTRIC_RATE) || s.isSet(NUM_USERS)) {
      return userCentric(s);
    }
    List<Double> rates = s.get(REQUEST_RATE);
    if (rates != null && !rates.isEmpty()) {
      return open(s, one(rates, REQUEST_RATE, "@Param(value = {\"1\", \"4\"}, setting = Setting.REQUEST_RATE) double rate;"));
    }
    for (SettingKey<?> k : List.of(ARRIVAL_PATTERN, ARRIVAL_SMOOTHNESS, REQUEST_RATE_RAMP_DURATION, REQUEST_RATE_RAMP_SHAPE,
        REQUEST_RATE_RAMP_START)) {
      if (s.isSet(k)) {
        throw new IllegalArgumentException(k.property() + " shapes an open loop's arrivals: set infermark.request-rate too "
            + "(without it the workload runs as a closed loop of infermark.concurrency users)");
      }
    }
    List<Integer> levels = s.get(CONCURRENCY);
    int users = one(levels, CONCURRENCY, "@Param(value = {\"8\", \"32\"}, setting = Setting.CONCURRENCY) int users;");
    if (s.isSet(MAX_CONCURRENCY)) {
      if (s.isExplicit(CONCURRENCY)) {
        throw new IllegalArgumentException(MAX_CONCURRENCY.property() + " caps an open loop (with infermark.request-rate); "
            + "without a rate it stands for the closed loop's users, and infermark.concurrency is given too: give one of them");
      }
      users = positive(s.get(MAX_CONCURRENCY), MAX_CONCURRENCY);
    }
    return new LoadModel.Closed(users, ramp(s, CONCURRENCY_RAMP_DURATION, CONCURRENCY_RAMP_SHAPE, CONCURRENCY_RAMP_START, 1));
  }

  private static LoadModel open(Settings s, double rate) {
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new IllegalArgumentException(REQUEST_RATE.property() + ": the rate must be above 0 arrivals per second, got "
          + rate + " (leave it unset for a closed loop of infermark.concurrency users)");
    }
    Arrival arrival;
    double smoothness = 1;
    boolean patternGiven = s.isSet(ARRIVAL_PATTERN);
    String pattern = s.get(ARRIVAL_PATTERN);
    Double k = s.get(ARRIVAL_SMOOTHNESS);
    if (k != null && !patternGiven) {
      arrival = Arrival.GAMMA; // vLLM's --burstiness alone means gamma
    } else {
      arrival = Arrival.valueOf(pattern.toUpperCase(Locale.ROOT));
    }
    if (arrival == Arrival.GAMMA) {
      smoothness = k == null ? 1 : k;
      if (!(smoothness > 0)) {
        throw new IllegalArgumentException(ARRIVAL_SMOOTHNESS.property() + ": gamma's shape must be above 0, got " + smoothness);
      }
    } else if (k != null && k != 1) {
      throw new IllegalArgumentException(ARRIVAL_SMOOTHNESS.property() + " (" + k + ") shapes gamma arrivals, but "
          + ARRIVAL_PATTERN.property() + " is " + pattern + ": set arrival-pattern gamma, or leave the smoothness out");
    }
    int cap = 0;
    if (s.isSet(MAX_CONCURRENCY)) {
      cap = positive(s.get(MAX_CONCURRENCY), MAX_CONCURRENCY);
    } else if (s.isExplicit(CONCURRENCY)) {
      cap = positive(one(s.get(CONCURRENCY), CONCURRENCY, null), CONCURRENCY); // AIPerf: --concurrency caps a rate
    }
    LoadModel.Ramp rateRamp = ramp(s, REQUEST_RATE_RAMP_DURATION, REQUEST_RATE_RAMP_SHAPE, REQUEST_RATE_RAMP_START, 0);
    LoadModel.Ramp capRamp = ramp(s, CONCURRENCY_RAMP_DURATION, CONCURRENCY_RAMP_SHAPE, CONCURRENCY_RAMP_START, 1);
    if (capRamp != null && cap == 0) {
      throw new IllegalArgumentException(CONCURRENCY_RAMP_DURATION.property() + " ramps an open loop's in-flight cap, and "
          + "there is none: set infermark.max-concurrency");
    }
    return new LoadModel.Open(rate, arrival, smoothness, cap, rateRamp, capRamp);
  }

  private static LoadModel userCentric(Settings s) {
    Double rate = s.get(USER_CENTRIC_RATE);
    Integer users = s.get(NUM_USERS);
    if (rate == null || users == null) {
      throw new IllegalArgumentException(rate == null
          ? NUM_USERS.property() + " is the users of a user-centric rate: set infermark.user-centric-rate too"
          : USER_CENTRIC_RATE.property() + " needs the number of users: set infermark.num-users too");
    }
    for (SettingKey<?> k : List.of(REQUEST_RATE, ARRIVAL_PATTERN, ARRIVAL_SMOOTHNESS, MAX_CONCURRENCY,
        REQUEST_RATE_RAMP_DURATION, CONCURRENCY_RAMP_DURATION)) {
      if (s.isSet(k)) {
        throw new IllegalArgumentException(k.property() + " cannot be used with infermark.user-centric-rate, which paces "
            + "each user's turns itself (num-users / rate seconds apart)");
      }
    }
    if (s.isExplicit(CONCURRENCY)) {
      throw new IllegalArgumentException(CONCURRENCY.property() + " cannot be used with infermark.user-centric-rate: its "
          + "users are infermark.num-users");
    }
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new IllegalArgumentException(USER_CENTRIC_RATE.property() + ": must be above 0 requests per second, got " + rate);
    }
    return new LoadModel.UserCentric(rate, positive(users, NUM_USERS));
  }

  private static LoadModel.Ramp ramp(Settings s, SettingKey<Duration> over, SettingKey<String> shapeKey,
      SettingKey<? extends Number> startKey, double defaultStart) {
    Duration d = s.get(over);
    if (d == null || d.isZero()) {
      for (SettingKey<?> k : List.of(shapeKey, startKey)) {
        if (s.isSet(k)) {
          throw new IllegalArgumentException(k.property() + " shapes a ramp: set " + over.property() + " too");
        }
      }
      return null;
    }
    if (d.isNegative()) {
      throw new IllegalArgumentException(over.property() + ": a ramp takes some time, got " + d);
    }
    RampShape shape = RampShape.valueOf(s.get(shapeKey).toUpperCase(Locale.ROOT));
    Number given = s.get(startKey);
    double from = given == null ? defaultStart : given.doubleValue();
    if (shape == RampShape.EXPONENTIAL && !(from > 0)) {
      throw new IllegalArgumentException(startKey.property() + ": an exponential ramp starts above 0; give its start "
          + "(e.g. " + startKey.property() + "=1)");
    }
    if (from < 0) {
      throw new IllegalArgumentException(startKey.property() + ": a ramp starts at 0 or more, got " + from);
    }
    return new LoadModel.Ramp(shape, from, d);
  }

  /**
   * Refuses a load setting the workload cannot honour: any of {@link #SETTINGS} on a self-phased workload (its
   * phases and pacing are its own), and an open or user-centric model for a workload that is only a closed loop.
   *
   * @throws IllegalArgumentException naming the setting
   */
  public static void check(LoadGenerator generator, Settings s, String scenario) {
    String kind = generator.getClass().getSimpleName().isEmpty() ? generator.getClass().getName()
        : generator.getClass().getSimpleName();
    if (generator instanceof SelfPhased) {
      for (SettingKey<?> k : SETTINGS) {
        if (s.isSet(k)) {
          throw new IllegalArgumentException(k.property() + ": " + scenario + "'s workload (" + kind + ") runs its own "
              + "phases and pacing and cannot honour it; remove it");
        }
      }
      return;
    }
    LoadModel model = of(s);
    if (model instanceof LoadModel.Open && !(generator instanceof OpenLoop)) {
      throw new IllegalArgumentException(REQUEST_RATE.property() + ": " + scenario + "'s workload (" + kind + ") is a "
          + "closed loop only and cannot be started by arrivals; remove it, or make the workload an OpenLoop");
    }
    if (model instanceof LoadModel.UserCentric && !(generator instanceof ClosedLoop)) {
      throw new IllegalArgumentException(USER_CENTRIC_RATE.property() + ": " + scenario + "'s workload (" + kind + ") has "
          + "no users to pace; remove it");
    }
  }

  /**
   * The in-flight cap of a workload replaying its own schedule ({@link dev.infermark.api.FixedSchedule}), as an open
   * model the pacer walks: {@code max-concurrency}, or {@code concurrency} when the user gave it, caps it (none
   * otherwise); its rate is the schedule's mean, for the run's output only. A rate, an arrival pattern, a ramp, a
   * user-centric rate or a warmup phase cannot be used with a schedule.
   *
   * @param offsetsNs the schedule's arrivals, ns from the profiling phase's start
   * @throws IllegalArgumentException naming the setting that cannot be used, or for an empty schedule
   */
  public static LoadModel.Open fixed(Settings s, long[] offsetsNs) {
    for (SettingKey<?> k : SETTINGS) {
      if (k != MAX_CONCURRENCY && s.isSet(k)) {
        throw new IllegalArgumentException(k.property() + " cannot be used with a fixed schedule: the workload replays "
            + "its own arrival instants (a trace's timestamps); remove it, or turn the schedule off (fixed-schedule false)");
      }
    }
    if (s.get(dev.infermark.settings.Keys.WARMUP_REQUEST_COUNT) > 0 || positive(s.get(dev.infermark.settings.Keys.WARMUP_DURATION))) {
      throw new IllegalArgumentException("warmup-request-count / warmup-duration cannot be used with a fixed schedule: "
          + "the schedule is replayed once, in profiling; remove them");
    }
    if (offsetsNs.length == 0) {
      throw new IllegalArgumentException("the fixed schedule has no arrival: nothing to replay");
    }
    int cap = 0;
    if (s.isSet(MAX_CONCURRENCY)) {
      cap = positive(s.get(MAX_CONCURRENCY), MAX_CONCURRENCY);
    } else if (s.isExplicit(CONCURRENCY)) {
      cap = positive(one(s.get(CONCURRENCY), CONCURRENCY, null), CONCURRENCY);
    }
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (long o : offsetsNs) {
      first = Math.min(first, o);
      last = Math.max(last, o);
    }
    double span = Math.max((last - first) / 1e9, 1e-3);
    return new LoadModel.Open(offsetsNs.length / span, Arrival.CONSTANT, 1, cap, null, null);
  }

  private static boolean positive(Duration d) {
    return d != null && !d.isZero() && !d.isNegative();
  }

  private static <T> T one(List<T> values, SettingKey<?> key, String sweep) {
    if (values == null || values.size() != 1) {
      throw new IllegalArgumentException(key.property() + ": a run takes one value; got " + values
          + (sweep == null ? "" : " (sweep it with a @Param field: " + sweep + ")"));
    }
    return values.get(0);
  }

  private static int positive(Integer v, SettingKey<?> key) {
    if (v == null || v < 1) {
      throw new IllegalArgumentException(key.property() + ": at least 1, got " + v);
    }
    return v;
  }
}
