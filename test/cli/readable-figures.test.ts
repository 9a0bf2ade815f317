import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// Issue 10 item 13 — figures a person can read: costs in the notion the spec wrote, three significant digits in text
// (JSON keeps full precision), and only releases that can run counted as planned.
async function check(spec: string) {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-figures-'));
  try {
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'p.csv'), 'id,age,sex\n1,30,F\n2,40,M\n3,50,F\n');
    writeFileSync(join(dir, 's.privspec'), spec);
    const run = async (args: string[]) => {
      let out = '';
      await runCli(args, { out: (t) => (out += t), err: () => {}, cwd: dir });
      return out;
    };
    return {
      text: await run(['check', 's.privspec']),
      json: JSON.parse(await run(['check', 's.privspec', '--format', 'json'])),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const HEAD = `dataset p from "data/p.csv" {
  quasi age, sex
}
hierarchy sex { "M", "F" -> "*" }
`;

describe('issue 10 item 13 — figures a person can read', () => {
  it('a zCDP budget written as (ε 3, δ 1e-6) is shown in ρ of 0.147, its converted ε labelled, rounded to 3 digits', async () => {
    const { text, json } = await check(`${HEAD}budget { epsilon 3  delta 1e-6  accounting zcdp }
release a: count by sex  gaussian rho 0.0333333
release b: count  laplace epsilon 0.2
`);
    // Hand-derived: ρ = 0.0333333 + 0.2²/2 = 0.0533333 → "0.0533"; the limit solves ρ + 2√(ρ ln 10⁶) = 3 → 0.147264;
    // in ε: 0.0533333 + 2√(0.0533333 · 13.8155) = 0.0533 + 2 · 0.85839 = 1.77. Issue 37 item 1: a zCDP total is stated
    // in ρ, the ρ that adds up, with its converted ε labelled "(ε, δ = …)" and the conversion named.
    assert.match(
      text,
      /budget \(zcdp\): ρ 0\.0533 of 0\.147 \(ε, δ = 1\.77 of 3, 1e-6 by Bun & Steinke 2016\) planned\n$/,
    );
    assert.ok(Math.abs(json.budget.limit.rho - 0.1472638900802126) < 1e-12, 'JSON keeps full precision');
  });

  it('a release that cannot run as written is not counted as planned, and is named', async () => {
    const { text, json } = await check(`${HEAD}budget { epsilon 1 }
release a: count by sex  laplace epsilon 0.2
release leaky: count by age  laplace epsilon 0.5
`);
    assert.match(text, /budget \(pure\): ε 0\.2 of 1 planned; not counted \(cannot run as written\): leaky\n$/);
    assert.deepEqual(json.budget.notRunnable, ['leaky']);
  });
});
