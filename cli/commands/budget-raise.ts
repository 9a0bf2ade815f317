/**
 * `privspec budget raise <spec> --to … --reason "…"`: the only way to raise a dataset's budget after spending. The
 * raise is appended to the ledger of the data the spec reads (under its lock, durably), with the limit before and
 * after, the reason and the spec; the ledger view lists it. A spec whose budget exceeds the ledger's limit is refused
 * by `release` until such a raise is on record.
 */
import { resolve } from 'node:path';
import { appendToLedger, ledgerFor } from '../../engine/host/ledger/ledger-file.js';
import { ledgerName } from '../../engine/host/ledger/dataset-identity.js';
import { mainKey } from '../../engine/release/budget-walk.js';
import { formatLimit, raiseRecord } from '../../engine/release/ledger-limit.js';
import type { Amount } from '../../engine/release/release-costs.js';
import type { RaiseRecord } from '../../engine/release/ledger-entry.js';
import { analyzeDocument } from '../../language/privspec-analysis.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import type { CommandContext } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { parseOptions } from '../parse-options.js';

/** `1000`, or `epsilon=1000,delta=1e-5`: the amounts named in --to. */
function parseTo(raw: string, main: 'epsilon' | 'rho'): Amount {
  const amount: Amount = {};
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [name, value] = part.includes('=') ? part.split('=', 2).map((x) => x.trim()) : [main, part];
    if (name !== 'epsilon' && name !== 'delta' && name !== 'rho')
      throw new CliError(`--to: unknown notion '${name}' (use epsilon, delta or rho)`);
    const x = Number(value);
    if (value === '' || !Number.isFinite(x))
      throw new CliError(`--to: ${name} must be a finite number, got '${value}'`);
    amount[name] = x;
  }
  if (Object.keys(amount).length === 0)
    throw new CliError('--to needs a value, e.g. --to 2 or --to epsilon=2,delta=1e-6');
  return amount;
}

export async function runRaise(args: string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseOptions(args, { to: { type: 'string' }, reason: { type: 'string' } });
  if (positionals.length !== 1) throw new CliError(`budget raise: expected one spec file, got ${positionals.length}`);
  if (values.to === undefined) throw new CliError('budget raise: --to VALUE is required');
  if (values.reason === undefined) throw new CliError('budget raise: --reason "…" is required: the ledger records why');
  const path = resolve(ctx.cwd, positionals[0]);
  const services = nodeServices();
  const document = await loadSpec(path, services);
  try {
    const analysis = analyzeDocument(document);
    if (!analysis.dataset) throw new CliError(`${positionals[0]}: the spec names no dataset, so it has no ledger`);
    const accounting = analysis.budget.accounting;
    const to = { accounting, amount: parseTo(values.to, mainKey(accounting) === 'rho' ? 'rho' : 'epsilon') };
    const location = await ledgerFor(analysis.dataset.file, path).catch((e: Error) => {
      throw new CliError(e.message);
    });
    let refusal: string | undefined;
    let record: RaiseRecord | undefined;
    await appendToLedger(location, (ledger) => {
      const r = raiseRecord(ledger.summary, to, values.reason!, path);
      if (typeof r === 'string') refusal = r;
      else record = r;
      // The raise is one line of the ledger's log; it sets the limit from then on.
      return record ? { raise: record } : {};
    });
    if (refusal !== undefined || record === undefined) {
      if (values.json) ctx.out(`${JSON.stringify({ error: refusal })}\n`);
      else ctx.err(`privspec budget raise: ${refusal}\n`);
      return ExitCode.Violations;
    }
    if (values.json) ctx.out(`${JSON.stringify({ ledger: ledgerName(location), raise: record })}\n`);
    else
      ctx.out(
        `raised the budget of ${analysis.dataset.file} from ${formatLimit(record.from)} to ${formatLimit(record.to)} (recorded in ${ledgerName(location)}): ${record.reason}\n`,
      );
    return ExitCode.Ok;
  } finally {
    services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
  }
}
