/**
 * What infermark shows on the console: the one-line log style ({@code ConsoleLog}), the live progress of a
 * run ({@code ProgressDisplay}) and the controlling terminal a Ctrl+C is reported to ({@code ControllingTerminal}).
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.console;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
