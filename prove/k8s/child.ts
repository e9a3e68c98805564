/**
 * The Kubernetes half in a process of its own, so it runs beside the VM half (whose tofu and virsh
 * calls block their process's event loop for minutes, which would stall this half's polls):
 * `node --import tsx prove/k8s/child.ts --out <file> --bin <the packed tool's bin> [--only <scenario>]… [--policies] [--keep]`
 * writes its programs, results and rewrites to `<file>` as JSON; prove/main.ts merges them.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { runKubernetesHalf } from './half';
import type { Rewrite } from '../rewrite';
import { CLUSTER_SCENARIOS } from './scenarios';

const { values } = parseArgs({ options: { out: { type: 'string' }, bin: { type: 'string' }, only: { type: 'string', multiple: true }, policies: { type: 'boolean' }, keep: { type: 'boolean' } } });
const only = values.only ?? [];
const rewrites: Rewrite[] = [];
const log = (line: string) => process.stderr.write(`k8s: ${line}\n`);
const half = await runKubernetesHalf({ scenarios: CLUSTER_SCENARIOS.filter((s) => only.includes(s.name)), policies: values.policies === true, bin: values.bin!, rewrites, log, keep: values.keep });
fs.writeFileSync(values.out!, JSON.stringify({ ...half, rewrites }));
