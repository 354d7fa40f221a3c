/**
 * The built-in trace formats ({@code weka_trace}, {@code mooncake_trace}, {@code burst_gpt_trace},
 * {@code inputs_json}, {@code raw_payload}, {@code single_turn}, {@code multi_turn}, {@code sharegpt}), registered
 * with {@link java.util.ServiceLoader} as any other {@link dev.infermark.traces.format.TraceFormat}. docs/traces.md
 * describes each.
 */
@API(status = INTERNAL)
package dev.infermark.traces.formats;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
