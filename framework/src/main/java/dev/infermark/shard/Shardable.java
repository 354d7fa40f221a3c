package dev.infermark.shard;

/**
 * A load generator that can run as one shard of several ({@code infermark.shard-count} &gt; 1): it
 * plays only its {@link Shard}'s part of the load. Any other generator refuses to run sharded, so a
 * shard never repeats the whole load.
 */
public interface Shardable {
}
