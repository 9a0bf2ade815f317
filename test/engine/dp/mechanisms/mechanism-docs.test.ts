import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Every mechanism constructor ships with its proof (OpenDP's `#[proven]` habit): a sibling .md with pseudocode,
// the privacy argument and a citation. This test fails when an exported `make*` has no such file.
describe('dp/mechanisms documentation', () => {
  const dir = 'engine/dp/mechanisms';
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

  it('every file exporting a make* constructor has a sibling .md with the three sections', () => {
    const withMake = files.filter((f) => /export function make[A-Z]/.test(readFileSync(join(dir, f), 'utf8')));
    assert.ok(withMake.length >= 6, String(withMake));
    for (const f of withMake) {
      const md = join(dir, f.replace(/\.ts$/, '.md'));
      assert.ok(existsSync(md), `${md} is missing`);
      const text = readFileSync(md, 'utf8');
      for (const section of ['## Pseudocode', '## Privacy argument', '**Citation.**'])
        assert.ok(text.includes(section), `${md} lacks ${section}`);
      for (const [, name] of readFileSync(join(dir, f), 'utf8').matchAll(/export function (make[A-Za-z]+)/g)) {
        assert.ok(text.includes(name), `${md} does not mention ${name}`);
      }
    }
  });
});
