import type { Answers } from '../answers';
import { gitScriptsKey, toolSpecKind } from '../tool-spec';

/** What the fleet's package.json pins: the tool, and the construct libraries at the versions the tool is tested with. */
export interface Pins {
  readonly tool: string;
  readonly peers: Readonly<Record<string, string>>;
  readonly typescript: string;
  /** The tool's own `engines.node`: the fleet runs the tool, on the Node releases it is tested on. */
  readonly node: string;
}

export function packageJson(a: Answers, name: string, pins: Pins): string {
  const bin = 'k3s-gitops-synth';
  return `${JSON.stringify(
    {
      name,
      private: true,
      type: 'module',
      engines: { node: pins.node },
      scripts: {
        synth: `${bin} synth`,
        check: `${bin} check`,
        diff: `${bin} diff`,
        validate: `${bin} validate`,
        review: `${bin} review`,
        verify: `${bin} verify`,
        secrets: `${bin} secrets`,
        deploy: `${bin} deploy`,
        typecheck: 'tsc --noEmit',
        test: 'npm run -s typecheck && npm run -s check && npm run -s validate',
      },
      devDependencies: { [bin]: pins.tool, ...pins.peers, typescript: pins.typescript },
      // Installed from git, the tool builds itself (its prepare script), which npm 12 runs only for a listed repository.
      ...(toolSpecKind(pins.tool) === 'git' ? { allowScripts: { [gitScriptsKey(pins.tool)]: true } } : {}),
    },
    null,
    2,
  )}\n`;
}

export const tsconfig = () => `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023'],
      types: [],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      isolatedModules: true,
    },
    include: ['environments', 'apps'],
  },
  null,
  2,
)}\n`;

export const cdktfJson = () => `${JSON.stringify(
  { language: 'typescript', app: 'npx k3s-gitops-synth cdktf-app', output: 'cdktf.out', sendCrashReports: 'false', context: {} },
  null,
  2,
)}\n`;

export const cdk8sYaml = () => `# \`cdk8s synth\` runs the fleet's synth and collects each environment's objects in cdk8s.out/.
language: typescript
app: npx k3s-gitops-synth synth
output: cdk8s.out
`;

export const gitignore = () => `node_modules/
# real age identities created by \`npm run secrets -- init\` never enter the repository
.age/
# etcd snapshots the runbook copies off the servers: they hold every Secret of a cluster
backups/
# Terraform/OpenTofu state and caches
.terraform-state/
cdktf.out/
clusters/*/terraform/.terraform/
cdk8s.out/
# staging folders of the tree writer; a crash may leave one, the next run removes it
clusters/.synth-*
review.md
# the conformance suites' JUnit reports (chainsaw test --config clusters/<env>/tests/chainsaw-config.yaml)
chainsaw-report-*.xml
`;

/** Renovate: npm bumps the tool and the construct libraries; the regex manager every pin of environments/versions.ts. */
export const renovateJson = () => `${JSON.stringify(
  {
    $schema: 'https://docs.renovatebot.com/renovate-schema.json',
    extends: ['config:recommended'],
    description: "The tool and the construct libraries through npm; the fleet's own pins in environments/versions.ts, each under a '// renovate:' comment. CI synthesizes on Renovate's branches and commits the trees.",
    customManagers: [
      {
        customType: 'regex',
        description: "environments/versions.ts: the line after each '// renovate:' comment holds one pin",
        managerFilePatterns: ['/^environments/versions\\.ts$/'],
        matchStrings: [
          "// renovate: datasource=(?<datasource>\\S+) depName=(?<depName>\\S+)(?: registryUrl=(?<registryUrl>\\S+))?(?: versioning=(?<versioning>\\S+))?\\n\\s*[\\w'-]+: (?:\\{[^\\n]*? (?:version|tag): )?'(?<currentValue>[^']+)'",
        ],
        versioningTemplate: '{{#if versioning}}{{{versioning}}}{{else}}semver-coerced{{/if}}',
      },
    ],
    packageRules: [
      {
        description: 'The construct libraries move with the tool: its peer dependencies name the versions it is tested with',
        matchPackageNames: ['k3s-gitops-synth', 'cdk8s', 'cdk8s-plus-31', 'constructs'],
        groupName: 'k3s-gitops-synth',
      },
    ],
  },
  null,
  2,
)}\n`;

export const appsReadme = () => `# apps/

Your own cdk8s constructs. An environment's app names one:

\`\`\`ts
import { hello } from '../apps/hello';
apps: [{ name: 'hello', layer: 'apps', construct: hello }],
\`\`\`

An object you create without a name gets \`<app>-<id>\` (the app's name, then the ids under it,
\`Resource\` and \`Default\` left out): \`new kplus.Deployment(scope, 'web', …)\` in app \`hello\` is
\`hello-web\`. cdk8s-plus runs containers as non-root with a read-only root file system by
default: pick images made for that (\`nginxinc/nginx-unprivileged\`, not \`nginx\`).
`;

export const manifestsReadme = () => `# manifests/

Folders of plain Kubernetes manifests, one per app, copied byte for byte into the tree:
\`apps: [{ name: 'legacy', layer: 'apps', manifests: 'manifests/legacy' }]\`. Never a plaintext
Secret: declare it under \`secrets\` and write it with \`npm run secrets -- set\`.
`;
