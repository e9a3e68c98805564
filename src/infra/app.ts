import { App } from 'cdktf';
import { environments } from '../environments';
import { resolve } from '../model/resolve';
import { buildStack } from './render';

// Entry point of `cdktf synth` / `cdktf deploy <env>` (see cdktf.json): the same stacks that
// `npm run synth` writes to clusters/<env>/terraform/cdk.tf.json.
const app = new App({ skipValidation: true });
for (const spec of environments) buildStack(app, resolve(spec));
app.synth();
