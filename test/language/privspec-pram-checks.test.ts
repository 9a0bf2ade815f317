import { strict as assert } from 'node:assert';
import { EmptyFileSystem } from 'langium';
import { parseHelper } from 'langium/test';
import type * as ast from '../../language/generated/ast.js';
import { createPrivspecServices } from '../../language/privspec-module.js';

// Issue 12 item 4 — checks of PRAM releases: local ε above the threshold, domains taken from the data.
const services = createPrivspecServices(EmptyFileSystem).Privspec;
const parse = parseHelper<ast.Spec>(services);

async function diagnostics(text: string) {
  const document = await parse(text, { validation: true });
  return (document.diagnostics ?? []).map(
    (d) =>
      [
        d.code ?? (d.data as { code?: string })?.code,
        typeof d.message === 'string' ? d.message : d.message.value,
      ] as const,
  );
}

const HEAD = `dataset d from "d.csv" { sensitive diagnosis, sex }
hierarchy diagnosis { "flu", "cold", "asthma" -> "*" }
`;

describe('issue 12 — PRAM checks in the spec', () => {
  it('warns when local ε exceeds 5: retain 0.99 over 3 values keeps with 0.99333, ε = ln(0.99333/0.00333) = ln 298 = 5.70', async () => {
    const found = await diagnostics(`${HEAD}release p: pram diagnosis retain 0.99`);
    const high = found.filter(([code]) => code === 'pram-epsilon-high');
    assert.equal(high.length, 1);
    assert.match(high[0][1], /local ε = 5\.7, above the threshold 5/);
  });

  it('stays quiet at retain 0.8 (ε = ln 13 = 2.56)', async () => {
    assert.deepEqual(
      (await diagnostics(`${HEAD}release p: pram diagnosis retain 0.8`)).filter(
        ([code]) => code === 'pram-epsilon-high',
      ),
      [],
    );
  });

  it('warns (not an error) when a PRAM column has no declared domain', async () => {
    const found = await diagnostics(`${HEAD}release p: pram sex retain 0.8`);
    assert.ok(
      found.some(
        ([code, message]) =>
          code === 'data-dependent-domain' && /domain of 'sex' would be taken from the data/.test(message),
      ),
    );
  });
});
