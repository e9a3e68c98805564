import { describe, expect, it } from 'vitest';
import { parseAnswers } from '../../src/init/answers';
import { fleetFiles } from '../../src/init/fleet-files';
import { gitScriptsKey, toolSpecKind, toolSpecProblem } from '../../src/init/tool-spec';
import { toolVersion } from '../../src/synth/tool-version';

const PINS = { peers: { cdk8s: '2.70.106' }, typescript: '5.9.3', node: '^20.19.0', k3s: 'v1.36.4+k3s1' };
const TAG = `v${toolVersion()}`;
const files = (tool: string) => fleetFiles(parseAnswers({ tool }, '/tmp/f', '0.2.0').answers!, { ...PINS, tool });

describe('a --tool spec', () => {
  it.each([
    ['0.3.0', 'version'],
    ['github:ops/k3s-gitops-synth#v0.3.0', 'git'],
    ['gitlab:ops/k3s-gitops-synth#v0.3.0', 'git'],
    ['git+https://git.home.arpa/ops/k3s-gitops-synth.git#v0.3.0', 'git'],
    ['git+ssh://git@git.home.arpa/ops/k3s-gitops-synth.git#3f2a9c1', 'git'],
    ['git+file:///srv/git/k3s-gitops-synth.git#v0.3.0', 'git'],
    ['file:vendor/k3s-gitops-synth-0.3.0.tgz', 'tarball'],
    ['file:/src/k3s-gitops-synth', 'folder'],
  ])('takes %s as a %s', (spec, kind) => {
    expect(toolSpecKind(spec)).toBe(kind);
    expect(toolSpecProblem(spec)).toBeUndefined();
  });

  it('fails when a git URL names no tag, and proposes the running release\'s', () => {
    expect(toolSpecProblem('github:ops/k3s-gitops-synth')).toEqual({ message: 'names no tag: each npm install would take whatever the default branch holds then', fix: `pin a release: github:ops/k3s-gitops-synth#${TAG}` });
    expect(toolSpecProblem('git+https://git.home.arpa/ops/k3s-gitops-synth.git#')!.fix).toBe(`pin a release: git+https://git.home.arpa/ops/k3s-gitops-synth.git#${TAG}`);
  });

  it('fails when a git URL names a range of tags', () => {
    expect(toolSpecProblem('github:ops/k3s-gitops-synth#semver:^0.3.0')).toMatchObject({ message: 'names a range of tags: each npm install could take another release' });
  });

  it('fails when a version is a range, proposing its lowest', () => {
    expect(toolSpecProblem('^0.3.1')).toEqual({ message: 'is a range: a fleet pins the tool exactly, and Renovate bumps it', fix: 'give one version, e.g. 0.3.1' });
    expect(toolSpecKind('v0.3.0')).toBeUndefined();
  });

  it('fails when it is a forge\'s web address, proposing the git URL npm clones', () => {
    expect(toolSpecProblem('https://github.com/ops/k3s-gitops-synth')).toEqual({ message: 'is a web address: npm would fetch it as a tarball, not clone it', fix: `give git+https://github.com/ops/k3s-gitops-synth.git#${TAG}` });
  });

  it('fails when it is none of the forms, naming each', () => {
    expect(toolSpecProblem('latest')!.fix).toBe(`give a version (${toolVersion()}), a git URL with its tag (github:<owner>/<repo>#${TAG}, git+https://<forge>/<owner>/<repo>.git#${TAG}) or a tarball (file:vendor/k3s-gitops-synth-${toolVersion()}.tgz)`);
  });

  it('is an init answer: a wrong one is reported with the others and nothing is written', () => {
    const { answers, errors } = parseAnswers({ tool: 'github:ops/k3s-gitops-synth', subnet: 'x' }, '/tmp/f', '0.2.0');
    expect(answers).toBeUndefined();
    expect(errors.map((e) => [e.option, e.value])).toEqual([['--subnet', 'x'], ['--tool', 'github:ops/k3s-gitops-synth']]);
  });
});

describe('a fleet depending on the tool by git URL and tag', () => {
  it('lets npm fetch it (allow-git=root: npm 12 fetches no git dependency by default)', () => {
    expect(files('github:ops/k3s-gitops-synth#v0.3.0').get('.npmrc')).toBe('allow-git=root\n');
  });

  it('lets its prepare script build it, for that repository at any tag (allowScripts matches a git dependency by its URL)', () => {
    const pkg = JSON.parse(files('git+https://git.home.arpa/ops/k3s-gitops-synth.git#v0.3.0').get('package.json')!);
    expect(pkg.devDependencies['k3s-gitops-synth']).toBe('git+https://git.home.arpa/ops/k3s-gitops-synth.git#v0.3.0');
    expect(pkg.allowScripts).toEqual({ 'git+https://git.home.arpa/ops/k3s-gitops-synth.git': true });
    expect(gitScriptsKey('github:ops/k3s-gitops-synth#v0.3.0')).toBe('github:ops/k3s-gitops-synth');
  });

  it('upgrades by a new tag, as its README says', () => {
    expect(files('github:ops/k3s-gitops-synth#v0.3.0').get('README.md')).toContain('npm install --save-dev k3s-gitops-synth@github:ops/k3s-gitops-synth#v<version>\n');
  });
});

describe('a fleet depending on a version or a vendored tarball', () => {
  it('needs no npm settings nor script approval', () => {
    for (const tool of ['0.3.0', 'file:vendor/k3s-gitops-synth-0.3.0.tgz']) {
      expect(files(tool).has('.npmrc'), tool).toBe(false);
      expect(JSON.parse(files(tool).get('package.json')!).allowScripts, tool).toBeUndefined();
    }
  });

  it('upgrades by a bump, or by a new tarball in vendor/', () => {
    expect(files('0.3.0').get('README.md')).toContain('npm install --save-exact --save-dev k3s-gitops-synth@<version>\n');
    expect(files('file:vendor/k3s-gitops-synth-0.3.0.tgz').get('README.md')).toContain('npm install --save-dev ./vendor/k3s-gitops-synth-<version>.tgz\n');
  });
});
