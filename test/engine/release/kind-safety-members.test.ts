import '../../../engine/release/kinds/all-release-kinds.js'; // every release kind, registered
import { strict as assert } from 'node:assert';
import { RELEASE_KIND_NAMES, releaseKind } from '../../../engine/release/kinds/registry.js';

// The safety checks of engine/release/ (linked releases, accepted risks) ask each kind what it writes and whether it
// bounds a unit; a kind that left a member out would pass them silently (a microdata file taken to write nothing, a DP
// release never refused for an unbounded unit). Every kind answers the members its family needs.
describe('engine/release/kinds: every kind answers the safety checks its family needs (issue 35 item 2)', () => {
  for (const name of RELEASE_KIND_NAMES) {
    it(`${name}: ${releaseKind(name).dp ? 'a DP kind names the bound it lacks' : 'a microdata kind says what its file holds'}`, () => {
      const kind = releaseKind(name);
      if (kind.dp) {
        assert.ok('unboundedRemedy' in kind, 'a DP kind takes `bound unit …`');
        assert.ok(!('microdataFile' in kind), 'a DP kind writes no rows');
        assert.ok(!('randomizedColumns' in kind));
      } else {
        assert.ok('microdataFile' in kind, 'a microdata kind writes a file beside the other releases');
        assert.ok(!('unboundedRemedy' in kind), 'a microdata kind spends no central budget to bound');
        assert.ok(!('summedColumn' in kind));
      }
    });
  }
});
