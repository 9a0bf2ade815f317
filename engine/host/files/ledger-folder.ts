/** The folder, beside the data, that holds its ledgers. */
export const LEDGER_FOLDER = '.privspec-ledger';
