package dev.infermark.agentperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The virtual clock the phase tests run on: time moves only when every participant sleeps, one participant runs at a time. */
@Timeout(60)
class VirtualTickerTest {
  private static final long MS = 1_000_000;

  @Test
  void timeStandsStillWhileAParticipantWorksHoweverLongItTakes() throws Exception {
    VirtualTicker ticker = new VirtualTicker();
    CountDownLatch release = new CountDownLatch(1);
    AtomicLong workerWoke = new AtomicLong(-1);
    Thread worker = ticker.start("worker", () -> {
      try {
        release.await();
        ticker.sleep(5 * MS);
        workerWoke.set(ticker.nanoTime());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    Thread main = Thread.currentThread();
    AtomicLong seenWhileWorking = new AtomicLong(-1);
    // Outside the ticker: once the creating thread sleeps, the clock must still read 0 while the worker is busy.
    Thread observer = Thread.ofPlatform().start(() -> {
      while (main.getState() != Thread.State.WAITING) {
        Thread.onSpinWait();
      }
      seenWhileWorking.set(ticker.nanoTime());
      release.countDown();
    });

    ticker.sleep(10 * MS);

    assertThat(seenWhileWorking.get()).isZero();
    assertThat(workerWoke.get()).isEqualTo(5 * MS);
    assertThat(ticker.nanoTime()).isEqualTo(10 * MS);
    observer.join();
    worker.join();
  }

  @Test
  void sleepersWakeInTheOrderOfTheirDeadlines() throws Exception {
    VirtualTicker ticker = new VirtualTicker();
    long[] woke = new long[3];
    Thread[] threads = new Thread[3];
    for (int i = 0; i < 3; i++) {
      int n = i;
      threads[i] = ticker.start("sleeper-" + i, () -> {
        try {
          ticker.sleep((3 - n) * 7 * MS);
          woke[n] = ticker.nanoTime();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }

    ticker.sleep(100 * MS);

    for (Thread t : threads) {
      t.join();
    }
    assertThat(woke).containsExactly(21 * MS, 14 * MS, 7 * MS);
    assertThat(ticker.nanoTime()).isEqualTo(100 * MS);
  }

  @Test
  void participantsTakeTurnsOneAtATimeTiesInTheOrderTheyWentToSleep() throws Exception {
    VirtualTicker ticker = new VirtualTicker();
    AtomicInteger running = new AtomicInteger();
    AtomicInteger mostAtOnce = new AtomicInteger();
    List<String> order = new CopyOnWriteArrayList<>();
    Thread[] threads = new Thread[4];
    for (int i = 0; i < threads.length; i++) {
      String name = "p" + i;
      threads[i] = ticker.start(name, () -> {
        try {
          for (int round = 0; round < 3; round++) {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            order.add(name + "@" + ticker.nanoTime() / MS);
            for (int spin = 0; spin < 1_000; spin++) {
              Thread.yield(); // gives any other runnable participant the chance to overlap
            }
            running.decrementAndGet();
            ticker.sleep(10 * MS); // every participant wakes at the same instants
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }

    ticker.sleep(100 * MS);
    for (Thread t : threads) {
      t.join();
    }

    assertThat(mostAtOnce.get()).isEqualTo(1);
    assertThat(order).containsExactly("p0@0", "p1@0", "p2@0", "p3@0", "p0@10", "p1@10", "p2@10", "p3@10",
        "p0@20", "p1@20", "p2@20", "p3@20");
  }

  @Test
  void anInterruptEndsASleepAndTheThreadWorksAgain() throws Exception {
    VirtualTicker ticker = new VirtualTicker();
    CountDownLatch interrupted = new CountDownLatch(1);
    Thread sleeper = ticker.start("sleeper", () -> {
      try {
        ticker.sleep(TimeUnit.HOURS.toNanos(1));
      } catch (InterruptedException e) {
        interrupted.countDown();
      }
    });
    // The sleeper's first turn comes while the creating thread sleeps: after this it is in its hour-long sleep.
    ticker.sleep(MS);

    sleeper.interrupt();
    interrupted.await();
    sleeper.join();

    // The interrupted sleeper left without moving time; the creating thread's sleep is the only one now.
    assertThat(ticker.nanoTime()).isEqualTo(MS);
    ticker.sleep(3 * MS);
    assertThat(ticker.nanoTime()).isEqualTo(4 * MS);
  }

  @Test
  void aThreadInterruptedBeforeItsFirstTurnRunsAndSeesTheInterrupt() throws Exception {
    VirtualTicker ticker = new VirtualTicker();
    AtomicBoolean sawInterrupt = new AtomicBoolean();
    Thread t = ticker.start("late", () -> sawInterrupt.set(Thread.currentThread().isInterrupted()));

    t.interrupt();
    t.join();

    assertThat(sawInterrupt).isTrue();
    ticker.sleep(2 * MS);
    assertThat(ticker.nanoTime()).isEqualTo(2 * MS);
  }
}
