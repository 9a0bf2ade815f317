import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The client side of SCRAM-SHA-256 (RFC 5802 with SHA-256 per RFC 7677), PostgreSQL's default password authentication
 * since version 14. The password never crosses the wire: the client proves it knows the salted key, and checks that
 * the server knows it too (the server signature), so a server impersonating the real one learns nothing usable.
 * Channel binding is not offered ("n,,"), which PostgreSQL accepts unless the server demands it.
 */
export class ScramClient {
  private readonly nonce = randomBytes(18).toString('base64');
  private readonly firstBare = `n=,r=${this.nonce}`;
  private serverSignature?: Buffer;

  constructor(private readonly password: string) {}

  /** The client-first message (the user name is empty: PostgreSQL takes it from the startup message). */
  first(): string {
    return `n,,${this.firstBare}`;
  }

  /** The client-final message answering the server-first message. */
  final(serverFirst: string): string {
    const fields = attributes(serverFirst);
    const nonce = fields.get('r');
    const salt = fields.get('s');
    const iterations = Number(fields.get('i'));
    if (!nonce || !salt || !Number.isInteger(iterations) || iterations < 1 || !nonce.startsWith(this.nonce)) {
      throw new Error('the server answered the SCRAM-SHA-256 exchange with a malformed or foreign nonce');
    }
    const salted = pbkdf2Sync(this.password.normalize('NFKC'), Buffer.from(salt, 'base64'), iterations, 32, 'sha256');
    const clientKey = hmac(salted, 'Client Key');
    const storedKey = createHash('sha256').update(clientKey).digest();
    const finalWithoutProof = `c=biws,r=${nonce}`;
    const authMessage = `${this.firstBare},${serverFirst},${finalWithoutProof}`;
    const signature = hmac(storedKey, authMessage);
    const proof = Buffer.alloc(clientKey.length);
    for (let i = 0; i < proof.length; i++) proof[i] = clientKey[i] ^ signature[i];
    this.serverSignature = hmac(hmac(salted, 'Server Key'), authMessage);
    return `${finalWithoutProof},p=${proof.toString('base64')}`;
  }

  /** Checks the server-final message: a server that cannot sign the exchange does not know the password either. */
  verify(serverFinal: string): void {
    const claimed = attributes(serverFinal).get('v');
    const expected = this.serverSignature;
    const given = claimed === undefined ? Buffer.alloc(0) : Buffer.from(claimed, 'base64');
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new Error('the server could not prove it knows the password (SCRAM-SHA-256 server signature mismatch)');
    }
  }
}

/** The md5 scheme of PostgreSQL before version 14: "md5" + md5(md5(password + user) + salt). */
export function md5Password(user: string, password: string, salt: Buffer): string {
  const inner = createHash('md5').update(password + user).digest('hex');
  return 'md5' + createHash('md5').update(Buffer.concat([Buffer.from(inner), salt])).digest('hex');
}

function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

function attributes(message: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of message.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) map.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return map;
}
