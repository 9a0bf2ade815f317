/**
 * A value computed from the exact data that must never leave the engine: R2T's exact truncated answers, the preview's
 * biases. It is readable only through `read()`, and serialising it throws, so a writer that dumps a release object by
 * mistake fails loudly instead of publishing an exact, data-dependent number.
 */
import { PrivacyError } from '../../core/measures.js';

export class LocalValue<T> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
  }

  /** The exact value, for local use (tests, the preview's figures labelled local). */
  read(): T {
    return this.#value;
  }

  toJSON(): never {
    throw new PrivacyError('an exact answer is local to this machine and is never written into a release');
  }

  toString(): string {
    return '[local value]';
  }
}
