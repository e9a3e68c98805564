import path from 'node:path';
import type { Answers } from './answers';
import { forgejoWorkflow, githubWorkflow } from './templates/ci';
import { environmentFile, indexFile, pinsFile, recipientsFile, sshKeysFile } from './templates/environment';
import { appsReadme, cdk8sYaml, cdktfJson, gitignore, manifestsReadme, packageJson, renovateJson, tsconfig } from './templates/project';
import type { Pins } from './templates/project';
import { toolSpecKind } from './tool-spec';
import type { ToolSpecKind } from './tool-spec';
import { fleetReadme } from './templates/readme';

/**
 * The fleet's npm settings its tool spec needs: a folder is installed as a packed copy (not a link),
 * so the fleet has one copy of each peer; a git URL is fetched only where allow-git lets it (npm 12
 * fetches no git dependency by default: https://github.blog/changelog/2026-06-09-upcoming-breaking-changes-for-npm-v12/).
 */
const NPMRC: Partial<Record<ToolSpecKind, string>> = { folder: 'install-links=true\n', git: 'allow-git=root\n' };

/** Every file of a new fleet, by path relative to its folder: pure, nothing written. */
export function fleetFiles(a: Answers, pins: Pins & { readonly k3s: string }): Map<string, string> {
  const name = path.basename(path.resolve(a.dir)).toLowerCase().replace(/[^a-z0-9._-]/g, '-') || 'fleet';
  const kind = toolSpecKind(pins.tool);
  const npmrc = kind === undefined ? undefined : NPMRC[kind];
  const files: [string, string][] = [
    ['package.json', packageJson(a, name, pins)],
    ['tsconfig.json', tsconfig()],
    ['cdk8s.yaml', cdk8sYaml()],
    ['cdktf.json', cdktfJson()],
    ['.gitignore', gitignore()],
    ['README.md', fleetReadme(a, name)],
    ['renovate.json', renovateJson()],
    ['.github/workflows/fleet.yml', githubWorkflow()],
    ['.forgejo/workflows/fleet.yml', forgejoWorkflow()],
    ['environments/index.ts', indexFile(a)],
    [`environments/${a.name}.ts`, environmentFile(a)],
    ['environments/versions.ts', pinsFile(a, pins.k3s)],
    ['environments/age-recipients.ts', recipientsFile(a)],
    ...(a.infrastructure === 'libvirt' ? [['environments/ssh-keys.ts', sshKeysFile(a)] as [string, string]] : []),
    ['apps/README.md', appsReadme()],
    ['manifests/README.md', manifestsReadme()],
    ['secrets/.gitkeep', ''],
    ...(npmrc === undefined ? [] : [['.npmrc', npmrc] as [string, string]]),
  ];
  return new Map(files);
}
