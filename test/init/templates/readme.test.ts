import { describe, expect, it } from 'vitest';
import { parseAnswers } from '../../../src/init/answers';
import { fleetReadme } from '../../../src/init/templates/readme';

describe("the fleet's README", () => {
  const readme = fleetReadme(parseAnswers({ name: 'lab' }, '/tmp/my-fleet', '0.2.0').answers!, 'my-fleet');

  it('says which commands take --env and which take the environment as their first argument (deploy does)', () => {
    expect(readme).not.toContain('Every command takes `--env');
    expect(readme).toContain('`synth`, `check`, `diff`, `validate`, `review`, `verify` and `secrets check` take `--env <name>` (`npm run check -- --env lab`); `deploy` and `secrets set`, `show` and `init` take the environment as their first argument (`npm run deploy -- lab`). Every command takes `--help`.');
  });
});
