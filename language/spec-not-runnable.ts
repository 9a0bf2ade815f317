/** Why a spec cannot be run at all: `spec` when it has errors (exit 1), `input` for a bad request (exit 2). */
export class SpecNotRunnable extends Error {
  constructor(
    message: string,
    readonly kind: 'spec' | 'input',
  ) {
    super(message);
    this.name = 'SpecNotRunnable';
  }
}
