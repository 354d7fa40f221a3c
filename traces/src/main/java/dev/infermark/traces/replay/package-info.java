/**
 * The trace replay ({@code trace-replay}): any dataset file, through its format, played on its timestamps (a fixed
 * schedule on the harness's pacer) or under the run's load model.
 */
@API(status = INTERNAL)
package dev.infermark.traces.replay;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
