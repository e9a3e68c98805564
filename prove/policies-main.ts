/**
 * `node --import tsx prove/policies-main.ts [--kyverno <file>] [--keep]`: the policy scenario on
 * its own (policies.ts), with this checkout packed as a user installs it. The Kyverno CLI defaults
 * to the toolchain's cache, where it is built at the catalogue's kyverno chart's appVersion.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packTool } from '../scripts/packed-fleet';
import { runPolicyScenario } from './policies';
import { renderReport, summaryLine } from './report';
import { CACHE } from './toolchain';

/** The CLI of chart 3.9.0 (its appVersion), where the toolchain builds it. */
const KYVERNO_VERSION = 'v1.19.0';
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { kyverno: { type: 'string' }, keep: { type: 'boolean' } } });
  const kyverno = values.kyverno ?? path.join(CACHE, 'bin', `kyverno-${KYVERNO_VERSION}`, 'kyverno');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'k3s-prove-policies-'));
  try {
    log('prove: packing the tool');
    const { bin } = packTool(work);
    const result = await runPolicyScenario({ kyverno, work, bin, log });
    const source = path.join(path.dirname(kyverno), 'SOURCE');
    const programs = [{ name: 'Kyverno CLI', version: KYVERNO_VERSION, source: fs.existsSync(source) ? fs.readFileSync(source, 'utf8').trim() : kyverno }];
    process.stdout.write(renderReport({ programs, rewrites: [], host: [], results: [result] }));
    log(summaryLine([result]));
    return result.outcome === 'failed' ? 1 : 0;
  } finally {
    if (values.keep) log(`prove: kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
