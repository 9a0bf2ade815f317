import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commands } from '../../cli/commands/index.js';
import { runIn } from '../helpers/run-cli.js';

// Issue 41: `privspec completion bash|zsh|fish` prints a script generated from the command table. Each script is
// loaded by its own shell and asked to complete, so a quoting slip or a missing command fails here, not in a user's
// shell.
const names = Object.keys(commands);
let dir: string;

async function script(shell: string): Promise<string> {
  const { code, out, err } = await runIn(process.cwd(), ['completion', shell]);
  assert.equal(code, 0, err);
  const file = join(dir, `privspec.${shell}`);
  writeFileSync(file, out);
  return file;
}

/**
 * Whether a shell is installed; zsh and fish are not on every machine (.ci/run installs them for its completion run).
 */
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

/**
 * zsh and fish are optional locally; PRIVSPEC_COMPLETION_SHELLS=required (set by .ci/run) makes their absence a
 * failure.
 */
function needShell(ctx: Mocha.Context, shell: string): void {
  if (has(shell)) return;
  if (process.env.PRIVSPEC_COMPLETION_SHELLS === 'required')
    assert.fail(`${shell} is not installed (apt-get install -y ${shell})`);
  console.log(`      (skipped: ${shell} is not installed; apt-get install -y ${shell})`);
  ctx.skip();
}

describe('cli: privspec completion', () => {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-completion-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('bash: registers _privspec and completes commands, flags, subcommands and shells', async () => {
    const file = await script('bash');
    // One completion per line: what `privspec <words>` completes to with the cursor at the end of the last word.
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _privspec; printf '%s\\n' "\${COMPREPLY[@]}"`,
          file,
          'privspec',
          ...words,
        ],
        { encoding: 'utf8' },
      )
        .split('\n')
        .filter((l) => l !== '');
    const registered = execFileSync('bash', ['-c', 'source "$0"; complete -p privspec', file], { encoding: 'utf8' });
    assert.match(registered, /complete .*-F _privspec privspec/);
    assert.deepEqual(complete(''), [...names, 'help', '--help', '--version']);
    assert.deepEqual(complete('re'), ['reid', 'release']);
    assert.deepEqual(complete('risk', '--sam'), ['--sampling-fraction']);
    assert.deepEqual(complete('check', '--'), ['--format', '--no-scan', '--json', '--help']);
    assert.deepEqual(complete('budget', 'r'), ['raise']);
    assert.deepEqual(complete('completion', ''), ['bash', 'zsh', 'fish']);
    assert.deepEqual(complete('help', 'an'), ['anonymize']);
    // A file argument: nothing from the table, so bash falls back to file names (-o default).
    assert.deepEqual(complete('risk', 'exa'), []);
  });

  it('zsh: parses, registers _privspec with compinit and offers commands with summaries, flags, subcommands and shells', async function () {
    needShell(this, 'zsh');
    const file = await script('zsh');
    execFileSync('zsh', ['-n', file]);
    // compinit registers the function; then _describe and compadd are replaced by functions that print what they are
    // given, which is what zsh would offer (before it filters by the word typed so far).
    const registered = execFileSync(
      'zsh',
      ['-fc', 'autoload -Uz compinit && compinit -u -D && source "$0" && print -r -- ${_comps[privspec]}', file],
      { encoding: 'utf8' },
    );
    assert.equal(registered.trim(), '_privspec');
    const offered = (...words: string[]) =>
      execFileSync(
        'zsh',
        [
          '-fc',
          [
            'source "$0"',
            '_describe() { print -rl -- "${(@P)${@[-1]}}" }',
            'compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }',
            '_files() { print -r -- "(files)" }',
            'words=(privspec "${@}"); CURRENT=${#words}; _privspec',
          ].join('; '),
          file,
          ...words,
        ],
        { encoding: 'utf8' },
      )
        .split('\n')
        .filter((l) => l !== '');
    const top = offered('');
    for (const [name, entry] of Object.entries(commands))
      assert.ok(top.includes(`${name}:${entry.summary}`), `${name}: ${top.join(' | ')}`);
    assert.ok(offered('risk', '--sam').includes('--sampling-fraction'));
    assert.deepEqual(offered('budget', 'r'), ['raise', '(files)']);
    assert.deepEqual(offered('completion', ''), ['bash', 'zsh', 'fish']);
    assert.deepEqual(offered('risk', 'exa'), ['(files)']);
  });

  it('fish: completes commands with their summaries, flags and subcommands (complete -C)', async function () {
    needShell(this, 'fish');
    const file = await script('fish');
    const complete = (line: string) =>
      execFileSync('fish', ['--no-config', '-c', `source $argv[1]; complete -C $argv[2]`, file, line], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((l) => l !== '');
    const top = complete('privspec ');
    for (const [name, entry] of Object.entries(commands))
      assert.ok(top.includes(`${name}\t${entry.summary}`), `${name}: ${top.join(' | ')}`);
    assert.deepEqual(complete('privspec risk --sam'), ['--sampling-fraction']);
    assert.ok(complete('privspec budget ').includes('raise'));
    // fish sorts what it offers; no file names here, since `completion` takes none.
    assert.deepEqual(complete('privspec completion '), ['bash', 'fish', 'zsh']);
  });

  it('--json prints one object holding the script', async () => {
    const { code, out } = await runIn(process.cwd(), ['completion', 'fish', '--json']);
    assert.equal(code, 0);
    assert.equal(out.trim().split('\n').length, 1);
    const { shell, script } = JSON.parse(out) as { shell: string; script: string };
    assert.equal(shell, 'fish');
    assert.match(script, /^complete -c privspec -f -n '__fish_use_subcommand' -a risk -d /m);
  });

  it('an unknown shell is a usage error naming the shells', async () => {
    const { code, err } = await runIn(process.cwd(), ['completion', 'powershell']);
    assert.equal(code, 2);
    assert.match(err, /no completion for 'powershell'; the shells are bash, zsh, fish/);
  });
});
