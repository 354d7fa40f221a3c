package dev.infermark.memo;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongBiFunction;

/**
 * Values computed from keys, kept while they fit: least recently used out first, bounded by about
 * the memory the entries hold (as {@code size} estimates it). Thread-safe; a value is computed
 * outside the lock, so two threads may compute the same one (both get an equal value). Keys are
 * compared with {@code equals}: an object without its own (a plan's node) is a key by identity.
 *
 * @param <K> the key
 * @param <V> the value, shared between callers: they must not change it
 */
public final class LruMemo<K, V> {
  private final long capacityBytes;
  private final ToLongBiFunction<K, V> size;
  private final LinkedHashMap<K, V> entries = new LinkedHashMap<>(256, 0.75f, true);
  // guarded by this
  private long heldBytes;
  private long hits;
  private long misses;

  /**
   * @param capacityBytes about how much memory the entries may hold; 0 keeps nothing
   * @param size about what one entry holds, in bytes
   */
  public LruMemo(long capacityBytes, ToLongBiFunction<K, V> size) {
    this.capacityBytes = capacityBytes;
    this.size = size;
  }

  /** A fraction of the maximum heap: {@code 1 / divisor} of it. */
  public static long heapShare(int divisor) {
    return Runtime.getRuntime().maxMemory() / divisor;
  }

  /** The value for {@code key}: the one kept, else {@code compute(key)}, kept if it fits. */
  public V get(K key, Function<? super K, ? extends V> compute) {
    if (capacityBytes <= 0) {
      return compute.apply(key);
    }
    synchronized (this) {
      V v = entries.get(key);
      if (v != null) {
        hits++;
        return v;
      }
      misses++;
    }
    V v = compute.apply(key);
    long s = size.applyAsLong(key, v);
    if (s > capacityBytes) {
      return v;
    }
    synchronized (this) {
      V old = entries.put(key, v);
      heldBytes += s - (old == null ? 0 : size.applyAsLong(key, old));
      Iterator<Map.Entry<K, V>> it = entries.entrySet().iterator();
      while (heldBytes > capacityBytes && it.hasNext()) {
        Map.Entry<K, V> e = it.next();
        heldBytes -= size.applyAsLong(e.getKey(), e.getValue());
        it.remove();
      }
    }
    return v;
  }

  public synchronized long hits() {
    return hits;
  }

  public synchronized long misses() {
    return misses;
  }

  public synchronized long heldBytes() {
    return heldBytes;
  }
}
