/** Scenario classes written wrong on purpose: discovery reports them. Named *Scenario so Surefire never runs them directly. */
package dev.infermark.engine.invalid;
