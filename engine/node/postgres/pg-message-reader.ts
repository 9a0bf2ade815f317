import type { Socket } from 'node:net';

/** One backend message: its type byte and its body (without the length word). */
export interface PgMessage {
  readonly type: string;
  readonly body: Buffer;
}

/**
 * Cuts the byte stream from the server into messages (a type byte, a 32-bit length that counts itself, the body) and
 * hands them out one `next()` at a time. Chunks are kept in a list and joined only when a message spans them, so a
 * large result is read in time linear in its size. A closed or failed connection rejects the waiting `next()` with
 * one line naming the server.
 */
export class PgMessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private waiting?: { resolve: (m: PgMessage) => void; reject: (e: Error) => void };
  private failure?: Error;

  constructor(socket: Socket, private readonly where: string) {
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.deliver();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => this.fail(new Error(`${where}: connection failed (${e.code ?? e.message})`)));
    socket.on('close', () => this.fail(new Error(`${where} closed the connection`)));
  }

  next(): Promise<PgMessage> {
    const ready = this.take();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  private deliver(): void {
    if (!this.waiting) return;
    const message = this.take();
    if (!message) return;
    const { resolve } = this.waiting;
    this.waiting = undefined;
    resolve(message);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    if (!this.waiting) return;
    const { reject } = this.waiting;
    this.waiting = undefined;
    reject(this.failure);
  }

  /** The next whole message, or undefined when fewer bytes than one message are buffered. */
  private take(): PgMessage | undefined {
    if (this.buffered < 5) return undefined;
    if (this.chunks[0].length < 5) this.chunks = [Buffer.concat(this.chunks)];
    const head = this.chunks[0];
    const length = head.readInt32BE(1);
    if (length < 4) {
      this.fail(new Error(`${this.where} sent a malformed message`));
      return undefined;
    }
    if (this.buffered < length + 1) return undefined;
    if (head.length < length + 1) this.chunks = [Buffer.concat(this.chunks)];
    const whole = this.chunks[0];
    const message = { type: String.fromCharCode(whole[0]), body: whole.subarray(5, length + 1) };
    const rest = whole.subarray(length + 1);
    if (rest.length > 0) this.chunks[0] = rest;
    else this.chunks.shift();
    this.buffered -= length + 1;
    return message;
  }
}
