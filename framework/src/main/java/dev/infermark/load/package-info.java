/**
 * Load models: the run's {@code LoadModel} from its settings ({@code LoadModels}), and arrival processes as
 * small seeded generators of instants ({@code ArrivalTimes}: constant, Poisson and gamma gaps under a constant
 * or ramped rate), which the harness's open loop paces by.
 *
 * <p>Part of the methodology SPI (docs/writing-methodologies.md): a methodology module may use it; its
 * shape may still change. A scenario author compiles against {@code dev.infermark.api} and
 * {@code dev.infermark.annotations} only.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.infermark.load;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;
