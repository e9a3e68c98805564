import type { Rule } from '../violation';
import { ENVIRONMENT_NAME } from '../name-patterns';
import { accessRules } from './access';
import { adoptionRules } from './adoption';
import { addressRules } from './addresses';
import { appRules } from './apps';
import { controlPlaneRules } from './control-plane';
import { fluxRules } from './flux';
import { handoverRules } from './handover';
import { programNameRules } from './program-names';
import { imageRules } from './images';
import { programInputRules } from './program-inputs';
import { resolverRules } from './resolvers';
import { sopsRules } from './secrets';
import { standardRules } from './standards';
import { valuesSecretRules } from './values-secrets';
import { versionRules } from './versions';
import { vmRules } from './vms';
import { workloadRules } from './workload';
import { workloadAddressRules } from './workload-addresses';

const environmentRules: readonly Rule[] = [
  {
    code: 'environment.invalid-name',
    severity: 'error',
    summary: 'the environment name is a folder name under clusters/',
    check: (env) =>
      ENVIRONMENT_NAME.test(env.name)
        ? []
        : [{ path: 'name', value: env.name, message: `"${env.name}" cannot name a folder under clusters/`, fix: 'use lowercase letters, digits and hyphens, e.g. dev' }],
  },
];

/** Every rule on the model, by family; src/check.ts adds the component table's and runs them all. */
export const modelRules: readonly Rule[] = [
  ...environmentRules,
  ...addressRules,
  ...resolverRules,
  ...standardRules,
  ...programNameRules,
  ...controlPlaneRules,
  ...workloadRules,
  ...workloadAddressRules,
  ...versionRules,
  ...fluxRules,
  ...vmRules,
  ...adoptionRules,
  ...imageRules,
  ...accessRules,
  ...handoverRules,
  ...sopsRules,
  ...appRules,
  ...programInputRules,
  ...valuesSecretRules,
];
