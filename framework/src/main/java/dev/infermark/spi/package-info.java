/**
 * The methodology SPI: what a methodology module (a self-phased workload with rules of its own, as
 * the built-in AgentX replay, AA-AgentPerf and accuracy evaluations are) gets from the harness beyond
 * the scenario API. A methodology implements {@link dev.infermark.spi.Methodology} and receives a
 * {@link dev.infermark.spi.MethodologyContext}: the run's typed settings, tokenizer, Hugging Face hub,
 * submission verdict, the extra fields of the AIPerf export, its own result sections.
 *
 * <p>The packages the SPI names are SPI too ({@code dev.infermark.settings}, {@code .tokenizer},
 * {@code .hub}, {@code .json}, {@code .memo}, {@code .shard}, {@code .slo}, {@code .metrics.catalog}, {@code .result},
 * {@code .prometheus}, the trace model): the examples' {@code ArchitectureTest} checks that no built-in
 * methodology uses an INTERNAL type of another module and that no SPI signature names one.
 * docs/writing-methodologies.md walks through writing one.
 *
 * <p>Experimental: its shape may still change. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.spi;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
