/**
 * The generic chat benchmark's machinery: its settings ({@link dev.infermark.chat.ChatKeys}), the synthetic data set
 * AIPerf's prompt flags describe ({@link dev.infermark.chat.SyntheticChat}) and where the scenario's conversations
 * come from ({@link dev.infermark.chat.ChatDataset}).
 *
 * <p>Internal to infermark: may change without notice. A scenario author compiles against
 * {@code dev.infermark.api} and {@code dev.infermark.annotations} only.
 */
@API(status = INTERNAL)
package dev.infermark.chat;

import static dev.infermark.api.status.API.Status.INTERNAL;

import dev.infermark.api.status.API;
