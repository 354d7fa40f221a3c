package dev.infermark.agentx.replay;

/** A turn waiting for a phase boundary, with its offset (ms) once the next phase starts. */
record Parked(StreamRun run, int turn, double offsetMs) {}
