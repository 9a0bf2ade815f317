import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { commands } from '../../cli/commands/index.js';
import { flagsOfUsage, subcommandsOfUsage } from '../../cli/completion/completion-table.js';
import { runIn } from '../helpers/run-cli.js';

// Issue 41: one style for every command's one-line summary, `privspec help <command>`, `privspec --version`.
const cwd = process.cwd();

/**
 * The summary style (clig.dev: be consistent): a lowercase imperative verb phrase without a final period, short enough
 * that `  <name>  <summary>` fits 80 columns beside the longest command name. The first word must be one of these
 * verbs; a new command with another verb adds it here, which is the moment to ask whether it reads as an imperative.
 */
const VERBS = new Set([
  'answer',
  'check',
  'convert',
  'estimate',
  'generalize',
  'measure',
  'print',
  'run',
  'sample',
  'show',
]);

describe('cli: privspec --help, help <command>, --version', () => {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));

  for (const [name, entry] of Object.entries(commands)) {
    it(`${name}'s summary is a lowercase imperative phrase without a final period that fits 80 columns`, () => {
      const { summary } = entry;
      assert.match(summary, /^[a-z]/, `${name}: '${summary}' does not start in lowercase`);
      assert.ok(
        VERBS.has(summary.split(' ')[0]),
        `${name}: '${summary}' does not start with an imperative verb of the list`,
      );
      assert.doesNotMatch(summary, /[.!:;,]$/, `${name}: '${summary}' ends with punctuation`);
      const line = `  ${name.padEnd(width)}  ${summary}`;
      assert.ok([...line].length <= 80, `${name}: the help line is ${[...line].length} columns: ${line}`);
    });
  }

  it("privspec --help lists every command with its summary, in the table's order", async () => {
    const { code, out } = await runIn(cwd, ['--help']);
    assert.equal(code, 0);
    const listed = [...out.matchAll(/^ {2}(\S+) +(.+)$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(
      listed,
      Object.entries(commands).map(([n, e]) => [n, e.summary]),
    );
    assert.match(out, /privspec help <command>/);
  });

  it('privspec help <command> prints what privspec <command> --help prints, exit 0', async () => {
    for (const name of ['risk', 'budget', 'completion']) {
      const viaHelp = await runIn(cwd, ['help', name]);
      const viaFlag = await runIn(cwd, [name, '--help']);
      assert.equal(viaHelp.code, 0, name);
      assert.equal(viaHelp.out, viaFlag.out, name);
      assert.match(viaHelp.out, new RegExp(`^usage: privspec ${name} `), name);
    }
  });

  it('privspec help with an unknown command is a usage error (exit 2) naming it', async () => {
    const { code, err } = await runIn(cwd, ['help', 'anonymise']);
    assert.equal(code, 2);
    assert.match(err, /unknown command 'anonymise'/);
  });

  it('privspec --version prints the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const { code, out } = await runIn(cwd, ['--version']);
    assert.equal(code, 0);
    assert.equal(out, `privspec ${version}\n`);
  });

  // Completion offers the flags read from each command's usage text; each must be one the command's parser accepts.
  for (const [name, entry] of Object.entries(commands)) {
    it(`every flag in ${name}'s usage is accepted by its parser (or by a subcommand's)`, async () => {
      const command = await entry.load();
      const flags = flagsOfUsage(command.usage);
      assert.ok(flags.includes('--json'), `${name}: no --json in its usage`);
      const silent = { out: () => undefined, err: () => undefined, cwd };
      for (const flag of flags) {
        const messages: string[] = [];
        for (const prefix of [[], ...subcommandsOfUsage(name, command.usage).map((s) => [s])]) {
          try {
            // Alone, a flag fails on what is missing (a file, a value); the parser's "unknown option" comes first.
            await command.run([...prefix, flag], silent);
            messages.push('');
          } catch (e) {
            messages.push((e as Error).message);
          }
        }
        assert.ok(
          messages.some((m) => !/unknown option/.test(m)),
          `${name} ${flag}: ${messages.join(' / ')}`,
        );
      }
    });
  }
});
