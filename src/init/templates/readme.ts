import type { Answers } from '../answers';
import { TABLE_END, TABLE_START } from '../../synth/version-table';
import { gitScriptsKey, toolSpecKind } from '../tool-spec';
import type { ToolSpecKind } from '../tool-spec';

/** How the fleet takes a release of the tool, by how it depends on it. */
const UPGRADE: Record<ToolSpecKind, { readonly renovate: string; readonly install: (tool: string) => string }> = {
  version: { renovate: '', install: () => 'npm install --save-exact --save-dev k3s-gitops-synth@<version>' },
  git: { renovate: '', install: (tool) => `npm install --save-dev k3s-gitops-synth@${gitScriptsKey(tool)}#v<version>` },
  tarball: {
    renovate: ' once the tool is in a registry (a tarball in vendor/ it cannot bump)',
    install: () => 'cp <path>/k3s-gitops-synth-<version>.tgz vendor/ && git rm -q vendor/k3s-gitops-synth-<old>.tgz\nnpm install --save-dev ./vendor/k3s-gitops-synth-<version>.tgz',
  },
  folder: { renovate: ' once the tool is in a registry', install: () => 'npm install --save-dev k3s-gitops-synth@file:<folder of the new release>' },
};

/** The fleet's own README: its commands, its layout, how to upgrade the tool. The version table is synth's. */
export function fleetReadme(a: Answers, name: string): string {
  return `# ${name}

\`\`\`sh
npm install && npm run synth   # set-up and the main job: writes clusters/<env>/ from environments/
npm test                       # typecheck, check (drift and invariants) and validate, as CI runs them
\`\`\`

A k3s fleet described in TypeScript and synthesized by [k3s-gitops-synth](https://www.npmjs.com/package/k3s-gitops-synth)
into the committed trees Flux reconciles (\`clusters/<env>/kubernetes/\`), the files a node reads on
its first boot (\`clusters/<env>/bootstrap/\`, with the runbook \`run.sh\`) and, for VMs, their
Terraform JSON (\`clusters/<env>/terraform/\`). Edit an environment → \`npm run synth\` → commit →
the pull request's review comment says what the change does → merge → Flux pulls.

## First steps

1. \`npm run secrets -- init ${a.name}\`: an age key pair for ${a.name}'s secrets (the private half in
   \`.age/${a.name}.agekey\`, git-ignored: keep a copy somewhere safe). Until then \`check\` warns.
2. Set \`flux.url\` in \`environments/${a.name}.ts\` to this repository's clone URL.${a.infrastructure === 'libvirt' && a.sshKeys.length === 0 ? `\n3. Put your public SSH key in \`environments/ssh-keys.ts\` (the VMs trust only what it lists).` : ''}
${a.infrastructure === 'libvirt' && a.sshKeys.length === 0 ? '4' : '3'}. \`npm run synth\`, commit, push; then follow \`clusters/${a.name}/bootstrap/README.md\` for the cold build.

## Commands

| command | what it does |
| --- | --- |
| \`npm run synth\` | checks every environment, then writes \`clusters/<env>/\` (nothing while an error stands) |
| \`npm run check\` | exits 1 on a broken rule or when \`clusters/\` is not what the environments synthesize (CI) |
| \`npm run diff\` | what synth would change |
| \`npm run validate\` | the trees against the vendored schemas, and every kustomization built with \`kubectl kustomize\` (Debian: \`apt-get install kubernetes-client\`) |
| \`npm run review -- --base main\` | what the change does to VMs, servers and Flux, dangers first |
| \`npm run verify -- --env ${a.name} --kubeconfig <file>\` | the live cluster against the committed tree, read-only (with the inspector's kubeconfig): one line per comparison, exit 1 on drift, 3 when the cluster cannot be read |
| \`npm run secrets -- set ${a.name} <namespace>/<name> --env-file - < values.env\` | encrypts a secret into \`secrets/${a.name}/\` from \`KEY=value\` lines on stdin (also \`show\`, \`check\`, \`init\`); a value on the command line is refused (npm writes the command line into its debug log) |
| \`npm run deploy -- ${a.name}\` | applies the committed VM layer with \`tofu\` or \`terraform\` from the PATH, offline, after checking the state; commit the \`terraform/.terraform.lock.hcl\` its init writes. \`--plan\` plans only, \`--expect import=N,add=N,change=N,destroy=N\` applies only a plan of those counts, \`--inspect\` checks the state only; \`-- -target=…\` goes to plan/apply (VM environments only) |
| \`npm test\` | typecheck + check + validate |

\`synth\`, \`check\`, \`diff\`, \`validate\`, \`review\`, \`verify\` and \`secrets check\` take \`--env <name>\` (\`npm run check -- --env ${a.name}\`); \`deploy\` and \`secrets set\`, \`show\` and \`init\` take the environment as their first argument (\`npm run deploy -- ${a.name}\`). Every command takes \`--help\`.

## Layout

\`\`\`
environments/   one file per environment, index.ts lists them; versions.ts holds the pins this fleet owns
apps/           your cdk8s constructs (an app's \`construct\`)
manifests/      folders of plain manifests (an app's \`manifests\`)
secrets/<env>/  SOPS-encrypted Secrets, written by npm run secrets
clusters/<env>/ generated: never edit by hand (check fails)
\`\`\`

Every field of an environment, with its type, default and what it does:
\`node_modules/k3s-gitops-synth/docs/reference/settings.md\` (the tool's version of it; the same in the
package's \`schemas/environment.schema.json\`).

## Versions

The platform's pins (Cilium, Longhorn, Flux, …) come with the tool; \`environments/versions.ts\`
holds this fleet's own (k3s per environment, your apps' charts), each under a \`// renovate:\`
comment. Synth keeps this table current:

${TABLE_START}
${TABLE_END}

## Upgrading the tool

Renovate proposes each release as a pull request${UPGRADE[toolSpecKind(a.tool) ?? 'version'].renovate}; CI synthesizes on Renovate's branches and commits
the regenerated trees, so the pull request shows exactly what the release changes. By hand:

\`\`\`sh
${UPGRADE[toolSpecKind(a.tool) ?? 'version'].install(a.tool)}
npm run synth           # check said which version wrote the trees and that synth is needed
npm run review -- --base main
\`\`\`

Each tree's \`synth-manifest.txt\` records the version that wrote it. The release notes
(\`node_modules/k3s-gitops-synth/CHANGELOG.md\`) say what each release changes in generated trees.

## CI

\`.github/workflows/fleet.yml\` (GitHub, and Gitea) and \`.forgejo/workflows/fleet.yml\` (Forgejo)
run \`npm test\` on every push and pull request and post the review on pull requests. On Renovate's
branches they run synth and push the result. A push made with the forge's own job token starts no
new run, so that job checks and validates what it pushed itself; to have the push re-run the pull
request's checks too, store a token that may push to this repository as the secret
\`FLEET_PUSH_TOKEN\` (a fine-grained personal access token with contents: write on GitHub; an
access token with repository write on Gitea or Forgejo).
`;
}
