import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const demo = join(repoRoot, 'examples', 'attack-demo');

describe('cli: privspec attack', () => {
  let dir: string;
  const privspec = async (...argv: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out, err };
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-attack-'));
    cpSync(demo, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('attacks a Mondrian k = 5 release of the demo: the contract keys, the matching table, within the 1/k bound', async () => {
    assert.equal(
      (
        await privspec(
          'anonymize',
          'original.csv',
          '--qi',
          'age,sex,zip',
          '--hierarchy',
          'age=age.csv',
          '--hierarchy',
          'sex=sex.csv',
          '--hierarchy',
          'zip=zip.csv',
          '--k',
          '5',
          '--algorithm',
          'mondrian',
          '--out',
          'm5.csv',
        )
      ).code,
      0,
    );
    const { code, out, err } = await privspec(
      'attack',
      'm5.csv',
      'candidate.csv',
      '--qi',
      'age,sex,zip',
      '--truth',
      'original.csv',
      '--id',
      'id',
      '--out',
      'matches.csv',
      '--json',
    );
    assert.equal(err, '');
    const j = JSON.parse(out);
    for (const key of ['released', 'candidates', 'matched', 'correct', 'rate', 'predictedRate'])
      assert.ok(key in j, key);
    assert.equal(j.released, 100);
    assert.equal(j.candidates, 200);
    assert.equal(j.matched, 100);
    assert.equal(j.rate, j.correct / 100);
    // Every class of a 5-anonymous release holds at least 5 records: the prediction, a mean of 1/class size, is ≤ 1/5.
    assert.ok(j.predictedRate > 0 && j.predictedRate <= 0.2, String(j.predictedRate));
    assert.equal(code, j.exceeds ? 1 : 0);
    const lines = readFileSync(join(dir, 'matches.csv'), 'utf8').trim().split('\n');
    assert.equal(lines[0], 'released_record,candidate,score,log_likelihood,confident,tied_best,correct');
    assert.equal(lines.length, 101);
    assert.equal(lines.slice(1).filter((l) => l.endsWith(',true')).length, j.correct);
  });

  it('fully re-identifies an unprotected release with unique tuples; without --truth prints no rate', async () => {
    writeFileSync(join(dir, 'o.csv'), 'id,age,zip\na,30,1\nb,31,1\nc,30,2\n');
    writeFileSync(join(dir, 'c.csv'), 'id,age,zip\nx,40,1\nc,30,2\na,30,1\ny,30,3\nb,31,1\n');
    writeFileSync(join(dir, 'r.csv'), 'age,zip\n30,1\n31,1\n30,2\n');
    const scored = JSON.parse(
      (await privspec('attack', 'r.csv', 'c.csv', '--qi', 'age,zip', '--truth', 'o.csv', '--id', 'id', '--json')).out,
    );
    assert.deepEqual([scored.correct, scored.rate, scored.predictedRate, scored.exceeds], [3, 1, 1, false]);
    const plain = await privspec('attack', 'r.csv', 'c.csv', '--qi', 'age,zip', '--id', 'id', '--json');
    assert.equal(plain.code, 0);
    const j = JSON.parse(plain.out);
    assert.equal(j.matched, 3);
    assert.ok(!('rate' in j) && !('correct' in j));
  });

  it("exits 1 when the attack beats the prediction: a file claimed PRAM'd at retention 0.1 that was released as it is", async () => {
    // Twelve distinct tuples released unchanged. Under retention 0.1 over 4 × 3 values η gives each link well under
    // 1/2, yet the likelihood still peaks at the true tuple, so the attack links all twelve: far beyond 3σ.
    // Issue 34: a file privspec did not write is scored only when its order can be checked, and a uniform PRAM at
    // retention 0.1 lets any value become any other; c, released unchanged (--pram c=1, two values), checks it.
    const rows = Array.from({ length: 12 }, (_, i) => [`p${i}`, `a${i % 4}`, `b${Math.floor(i / 4)}`, `c${i % 2}`]);
    writeFileSync(join(dir, 'o.csv'), `id,a,b,c\n${rows.map((r) => r.join(',')).join('\n')}\n`);
    writeFileSync(join(dir, 'r.csv'), `a,b,c\n${rows.map((r) => r.slice(1).join(',')).join('\n')}\n`);
    const { code, out, err } = await privspec(
      'attack',
      'r.csv',
      'o.csv',
      '--qi',
      'a,b,c',
      '--pram',
      'a=0.1',
      '--pram',
      'b=0.1',
      '--pram',
      'c=1',
      '--truth',
      'o.csv',
      '--id',
      'id',
      '--json',
    );
    const j = JSON.parse(out || '{}');
    assert.equal(j.alignment, 'record order', err);
    assert.deepEqual(j.verifiedOn, ['c']);
    assert.equal(j.correct, 12);
    assert.ok(j.predictedRate + j.tolerance < 1, JSON.stringify(j));
    assert.equal(j.exceeds, true);
    assert.equal(code, 1);
  });

  it('never writes over an input, and never replaces an existing file', async () => {
    const before = readFileSync(join(dir, 'candidate.csv'), 'utf8');
    const onInput = await privspec('attack', 'original.csv', 'candidate.csv', '--qi', 'age', '--out', 'candidate.csv');
    assert.equal(onInput.code, 2);
    assert.match(onInput.err, /would replace the input/);
    assert.equal(readFileSync(join(dir, 'candidate.csv'), 'utf8'), before);
    writeFileSync(join(dir, 'taken.csv'), 'mine\n');
    const taken = await privspec('attack', 'original.csv', 'candidate.csv', '--qi', 'age', '--out', 'taken.csv');
    assert.equal(taken.code, 2);
    assert.match(taken.err, /taken\.csv: already exists; the matching table is never written over a file/);
    assert.equal(readFileSync(join(dir, 'taken.csv'), 'utf8'), 'mine\n');
  });

  it('bad input: one line naming the file, line and cause', async () => {
    const noQi = await privspec('attack', 'original.csv', 'candidate.csv');
    assert.equal(noQi.code, 2);
    assert.match(noQi.err, /--qi is required/);
    const badColumn = await privspec('attack', 'original.csv', 'candidate.csv', '--qi', 'height');
    assert.equal(badColumn.code, 2);
    // Both files lack the column; whichever read fails first is named.
    assert.match(badColumn.err, /(original|candidate)\.csv.*height/);
    const noId = await privspec('attack', 'original.csv', 'candidate.csv', '--qi', 'age', '--truth', 'original.csv');
    assert.match(noId.err, /--truth needs --id/);
    writeFileSync(join(dir, 'dup.csv'), 'id,age\nx,30\ny,31\nx,32\n');
    const dup = await privspec('attack', 'original.csv', 'dup.csv', '--qi', 'age', '--id', 'id');
    assert.equal(dup.code, 2);
    assert.match(dup.err, /dup\.csv:4: the identifier 'x' of column 'id' is given twice \(also on line 2\)/);
    assert.equal(dup.err.trim().split('\n').length, 1);
    const short = await privspec(
      'attack',
      'original.csv',
      'candidate.csv',
      '--qi',
      'age',
      '--truth',
      'candidate.csv',
      '--id',
      'id',
    );
    assert.match(short.err, /has 200 records but the release 100/);
    assert.ok(!existsSync(join(dir, 'matches.csv')));
  });
});
