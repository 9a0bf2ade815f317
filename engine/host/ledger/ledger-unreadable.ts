/** The ledger cannot be found, read or parsed, or is missing where it existed: a refusal the user acts on. */
export class LedgerUnreadable extends Error {
  override readonly name = 'LedgerUnreadable';
}
