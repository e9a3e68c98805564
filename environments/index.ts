import type { EnvironmentSpec } from 'k3s-gitops-synth';
import { dev } from './dev';
import { lab1 } from './lab1';
import { mgmt } from './mgmt';
import { prod } from './prod';

/** The environments this repository ships; `clusters/<name>/` is written for each. */
export const environments: readonly EnvironmentSpec[] = [mgmt, dev, prod, lab1];
