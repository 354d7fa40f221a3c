// The wake-up floor of this machine, for the benchmarks of departures at due instants (the AgentX replay,
// the open loop): one thread, in its own process, sleeps to absolute CLOCK_MONOTONIC instants PERIOD_US
// apart (as a load generator's timer waits for due instants) and measures how late it serves each
// instant. Run beside the load, it shows what any thread here can do under the same load: a departure's
// lateness cannot be lower.
// Build: cc -O2 -o wake_floor wake_floor.c   Run: wake_floor SECONDS PERIOD_US
// (dev.infermark.testkit.WakeFloor, in the framework's test jar, builds and runs it for the benchmarks.)
// Prints one JSON line: samples, lateness p50/p99/p999/max (ms), fraction over 2 ms.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000L + t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc != 3 || atol(argv[1]) <= 0 || atol(argv[2]) <= 0) {
    fprintf(stderr, "usage: wake_floor SECONDS PERIOD_US\n");
    return 2;
  }
  long period = atol(argv[2]) * 1000L;
  long n = atol(argv[1]) * 1000000000L / period;
  long *late = malloc(n * sizeof(long));
  if (late == NULL) {
    return 1;
  }
  long at = now_ns();
  for (long i = 0; i < n; i++) {
    at += period;
    struct timespec due = {at / 1000000000L, at % 1000000000L};
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, NULL);
    // An instant that passed while the thread waited for a core is served at once and counted, as
    // a request due during the stall would leave late.
    late[i] = now_ns() - at;
  }
  qsort(late, n, sizeof(long), cmp);
  long over = 0;
  for (long i = 0; i < n; i++) {
    over += late[i] > 2000000L;
  }
  printf("{\"samples\":%ld,\"wake_lateness_p50_ms\":%.4f,\"wake_lateness_p99_ms\":%.4f,"
         "\"wake_lateness_p999_ms\":%.4f,\"wake_lateness_max_ms\":%.4f,\"over_2ms_fraction\":%.5f}\n",
         n, late[n / 2] / 1e6, late[n * 99 / 100] / 1e6, late[n * 999 / 1000] / 1e6, late[n - 1] / 1e6,
         (double)over / n);
  return 0;
}
