import type { Environment } from '../../model/resolve';
import { mergeReads } from '../reads';
import type { LiveKind, VerifyCheck } from '../types';
import { ciliumCheck } from './cilium';
import { fluxCheck } from './flux';
import { kubeVipCheck } from './kube-vip';
import { platformCheck } from './platform';
import { providersCheck } from './providers';
import { serversCheck } from './servers';
import { workloadsCheck } from './workloads';

/** Every check verify runs, in the report's order. */
export const CHECKS: readonly VerifyCheck[] = [serversCheck, ciliumCheck, kubeVipCheck, fluxCheck, platformCheck, providersCheck, workloadsCheck];

/** What verify reads in an environment: the union of its checks' reads (the inspector role is derived from it). */
export const verifyReads = (env: Environment, checks: readonly VerifyCheck[] = CHECKS): LiveKind[] => mergeReads(checks.flatMap((c) => c.reads(env)));
