import { App } from 'cdktf';
import { loadEnvironments } from '../fleet/load-environments';
import type { EnvironmentSpec } from '../model/environment';
import { isK3s, resolve } from '../model/resolve';
import { checkSpec } from '../model/spec-check';
import { formatViolation } from '../model/violation';
import { withoutCdktfDeprecations } from './cdktf-warnings';
import { buildStack } from './render';

// Entry point of `cdktf synth` / `cdktf deploy <env>` (see cdktf.json): the same stacks that
// `npm run synth` writes to clusters/<env>/terraform/cdk.tf.json. SYNTH_ENVIRONMENTS names
// another environments module (cdktf passes no arguments).
const environments = await loadEnvironments(process.env.SYNTH_ENVIRONMENTS);
const broken = environments.flatMap(checkSpec);
if (broken.length > 0) {
  process.stderr.write(`${broken.map(formatViolation).join('\n')}\n`);
  process.exit(1);
}
const app = new App({ skipValidation: true });
const specs = environments as readonly EnvironmentSpec[];
for (const env of specs.map((spec) => resolve(spec, specs))) if (isK3s(env)) buildStack(app, env);
withoutCdktfDeprecations(() => app.synth());
