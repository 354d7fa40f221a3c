package dev.infermark.metrics;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import dev.infermark.api.request.ErrorKind;

/** One line of a phase's error summary: requests that failed the same way, and how many. */
@API(status = EXPERIMENTAL, since = "0.2") // results SPI
public record ErrorCount(ErrorKind kind, int code, String type, String message, long count) {}
