import { strict as assert } from 'node:assert';
import { shellCsp, shellHtml } from '../../extension/webview-shell-html.js';

// The one page of the three panels (issue 22): a policy that runs only the bundle carrying this page's nonce.
describe('extension/webview-shell-html', () => {
  const page = {
    view: 'ledger' as const,
    title: 'Ledger <x>',
    placeholder: 'Reading…',
    cspSource: 'vscode-resource:',
    script: 'vscode-resource:/dist/webview.js',
    nonce: 'abc123',
  };

  it('allows nothing by default, the bundle by its nonce, styles, fonts and images from the extension only', () => {
    assert.equal(
      shellCsp('src:', 'n'),
      "default-src 'none'; style-src src: 'unsafe-inline'; font-src src:; img-src src: data:; script-src 'nonce-n'",
    );
  });

  it('names the view, escapes the title and loads only the bundle, with the nonce', () => {
    const html = shellHtml(page);
    assert.match(html, /<main id="app" data-view="ledger"><p>Reading…<\/p><\/main>/);
    assert.match(html, /<title>Ledger &lt;x&gt;<\/title>/);
    assert.deepEqual(
      [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
      ['<script nonce="abc123" src="vscode-resource:/dist/webview.js">'],
    );
    assert.match(html, /content="default-src 'none'; [^"]*script-src 'nonce-abc123'"/);
  });
});
