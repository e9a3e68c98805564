import fs from 'node:fs';
import path from 'node:path';
import { NoOperationTraceWriter, convertWorkflowTemplate, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

// The tool repository's own workflows (a fleet's, which init writes, are test/review/workflow.test.ts's).
const repo = path.resolve(import.meta.dirname, '..');
const DIR = '.github/workflows';
const WORKFLOWS = fs.readdirSync(path.join(repo, DIR)).filter((f) => f.endsWith('.yml')).map((f) => `${DIR}/${f}`);
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

type Step = { id?: string; name?: string; uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> };

describe.each(WORKFLOWS)('the workflow %s', (file) => {
  it("is valid by GitHub's own parser", async () => {
    const parsed = parseWorkflow({ name: file, content: read(file) }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
    expect(template.errors ?? []).toEqual([]);
  });

  it('pins every action to a major version tag, as release.yml does', () => {
    const jobs = Object.values(YAML.parse(read(file)).jobs as Record<string, { steps: Step[] }>);
    const uses = jobs.flatMap((j) => j.steps).flatMap((s) => (s.uses === undefined ? [] : [s.uses]));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^actions\/[a-z-]+@v\d+$/);
  });
});

describe('the pages workflow', () => {
  const workflow = YAML.parse(read(`${DIR}/pages.yml`));
  const build = workflow.jobs.build.steps as Step[];
  const at = (text: string) => build.findIndex((s) => (s.uses ?? s.run ?? '').includes(text));

  it('is among the workflows the parser reads', () => {
    expect(WORKFLOWS).toContain(`${DIR}/pages.yml`);
  });

  it('on a push to main builds and checks the site under the base Pages gives, then uploads what it built', () => {
    expect(workflow.on.push).toEqual({ branches: ['main'] });
    expect(workflow.permissions).toEqual({ contents: 'read', pages: 'write', 'id-token': 'write' });
    expect(at('actions/configure-pages')).toBeLessThan(at('npm ci --prefix docs'));
    expect(at('npm ci --prefix docs')).toBeLessThan(at('npm run docs:check'));
    expect(build[at('npm run docs:check')]!.env).toEqual({ DOCS_BASE: '${{ steps.pages.outputs.base_path }}/' });
    expect(build[at('actions/configure-pages')]!.id).toBe('pages');
    expect(at('npm run docs:check')).toBeLessThan(at('actions/upload-pages-artifact'));
    expect(build[at('actions/upload-pages-artifact')]!.with).toEqual({ path: 'docs/.vitepress/dist' });
    // The scripts it runs are the tool's.
    expect(scripts['docs:check']).toBe('npm --prefix docs run check');
  });

  it('deploys what the build uploaded to the github-pages environment', () => {
    expect(workflow.jobs.deploy.needs).toBe('build');
    expect(workflow.jobs.deploy.environment.name).toBe('github-pages');
    expect((workflow.jobs.deploy.steps as Step[]).map((s) => s.uses)).toEqual(['actions/deploy-pages@v4']);
  });
});
