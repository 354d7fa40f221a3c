package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * What a scenario's {@code @Workload} method returns: the work of a run. Three kinds, by how its
 * iterations start and who owns the phases:
 * <ul>
 *   <li>{@link ClosedLoop}: virtual users each repeat an iteration (a conversation); the harness
 *       runs warmup ({@code @Warmup}), measurement ({@code @Measurement}) and the grace period, and
 *       cuts off what is still in flight. {@code Conversations} is one.</li>
 *   <li>{@link OpenLoop}: the harness starts one iteration per arrival of the run's arrival process
 *       ({@code request-rate}), whatever the server does, with the same phases and cut-off. A workload that is
 *       both (as {@code Conversations} is) runs as the run's {@link LoadModel} says.</li>
 *   <li>{@link SelfPhased}: a methodology with phase rules of its own (the AgentX replay, the
 *       AgentPerf capacity search, an accuracy evaluation) runs itself and announces its phases
 *       through {@link RunContext}; {@code @Warmup}/{@code @Measurement} on its scenario are an error.</li>
 * </ul>
 * Either way, every request sent through the run's client is recorded by the harness, and a
 * cancel aborts what is in flight (recorded as cancelled).
 */
@API(status = STABLE, since = "0.1")
public sealed interface LoadGenerator permits ClosedLoop, OpenLoop, SelfPhased {}
