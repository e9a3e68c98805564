import { describe, expect, it } from 'vitest';
import { fiveServersTwoPlanned, singleServer, threeServers } from './fixtures/environments';
import { rendered } from './fixtures/render';

// Snapshots of the test-only fixtures show a reviewer the whole rendered shape; the shipped
// environments are guarded by the committed tree and `npm run check` instead.
describe.each([
  ['single-server', singleServer],
  ['three-servers', threeServers],
  ['five-servers-two-planned', fiveServersTwoPlanned],
])('%s fixture', (_name, spec) => {
  it('renders the same tree as last reviewed', () => {
    expect(Object.fromEntries(rendered(spec).files)).toMatchSnapshot();
  });
});
