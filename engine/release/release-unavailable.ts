/** A release that cannot run as specified (no hierarchy, pins that fail the model, …); the message says why. */
export class ReleaseUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseUnavailable';
  }
}
