package dev.infermark.metrics;

import dev.infermark.api.request.ErrorKind;

/** One line of a phase's error summary: requests that failed the same way, and how many. */
public record ErrorCount(ErrorKind kind, int code, String type, String message, long count) {}
