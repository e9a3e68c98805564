import { spawnSync } from 'node:child_process';
import * as versions from '../versions';

// `k3s-gitops-synth deploy <env> [cdktf options]`: the pinned CDKTF CLI's deploy, run in the
// fleet's folder, whose cdktf.json names this tool's stacks as its app (`k3s-gitops-synth
// cdktf-app`). It plans, asks and applies with `terraform` (or OpenTofu, TERRAFORM_BINARY_NAME=tofu).
const USAGE = `usage: npm run deploy -- <env> [cdktf deploy options]
  runs cdktf deploy <env> with cdktf-cli@${versions.tools.cdktfCli.version} (fetched by npx on first use) in the
  current folder, whose cdktf.json runs this tool's stacks; state in .terraform-state/<env>.tfstate`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
} else if (args.length === 0 || args[0]!.startsWith('-')) {
  process.stderr.write(`deploy needs the environment first: deploy <env>, then cdktf deploy's own options${args[0] ? ` (not ${args[0]})` : ''}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  const result = spawnSync('npx', ['--yes', `cdktf-cli@${versions.tools.cdktfCli.version}`, 'deploy', ...args], {
    stdio: 'inherit',
    env: { ...process.env, CHECKPOINT_DISABLE: '1' },
  });
  if (result.error) process.stderr.write(`deploy: could not run npx: ${result.error.message}\n`);
  process.exitCode = result.status ?? 1;
}
