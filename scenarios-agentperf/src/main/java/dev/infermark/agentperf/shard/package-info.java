/**
 * One AgentPerf phase run as the shards of several processes: each shard's file, the exact merge of
 * the shards into the phase, and the capacity search fed merged phases.
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.agentperf.shard;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
