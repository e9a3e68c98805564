import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvironmentsModuleError, loadEnvironments } from '../fleet/load-environments';
import { specName } from '../model/spec-check';
import { validate } from './validate';
import { argsErrorLine } from '../cli/args-error';

const USAGE = `usage: npm run validate [-- --schemas <dir>] [--values <dir>] [--env <name>]… [--root <dir>] [--environments <module>] [--no-kustomize]
  --schemas      kubeconform-style JSON schemas (default: the tool's vendored schemas/json)
  --values       Helm values schemas (default: the schemas folder's sibling values/)
  --no-kustomize skip the kubectl kustomize builds (without it, a missing kubectl is a finding)`;

async function main(argv: string[]): Promise<number> {
  const { values: opts } = parseArgs({
    args: argv,
    options: {
      schemas: { type: 'string' },
      values: { type: 'string' },
      env: { type: 'string', multiple: true },
      root: { type: 'string' },
      environments: { type: 'string' },
      'no-kustomize': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const root = opts.root ?? process.cwd();
  const known = (await loadEnvironments(opts.environments)).map(specName);
  const names = opts.env ?? [...known].sort();
  if (opts.schemas && !fs.existsSync(opts.schemas)) throw new Error(`--schemas ${opts.schemas} does not exist`);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new Error(`unknown environment ${unknown.join(', ')}`);
  const report = validate({
    root,
    environments: names,
    schemas: opts.schemas && path.resolve(opts.schemas),
    values: opts.values && path.resolve(opts.values),
    kustomize: opts['no-kustomize'] ? false : undefined,
  });
  process.stdout.write(report.summary.map((line) => `${line}\n`).join(''));
  for (const f of report.findings) process.stderr.write(`${f.check} ${f.where}: ${f.message}\n`);
  process.stdout.write(report.findings.length === 0 ? 'validate: all checks passed\n' : `validate: ${report.findings.length} finding(s)\n`);
  return report.findings.length === 0 ? 0 : 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Broken environments are the user's data (exit 1); anything else here is a usage mistake.
  const loading = error instanceof EnvironmentsModuleError;
  process.stderr.write(`${argsErrorLine(error, ['schemas', 'values', 'env', 'root', 'environments', 'no-kustomize', 'help'])}\n${loading ? '' : `${USAGE}\n`}`);
  process.exitCode = loading ? 1 : 2;
}
