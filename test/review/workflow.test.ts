import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NoOperationTraceWriter, convertWorkflowTemplate, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { MARKER, upsertComment } from '../../src/review/pr-comment';
import { parseAnswers } from '../../src/init/answers';
import { fleetFiles } from '../../src/init/fleet-files';

// The workflows a fleet gets from init, one per forge. Forgejo's own parser is Go (act's model
// package, inside its runner) and not installable here: both are read by GitHub's parser, whose
// schema is the stricter of the two (docs/decisions/0080-fleet-ci-one-file-per-forge-family-renovates-branches.md).
const answers = parseAnswers({}, '/tmp/my-fleet', '0.2.0').answers!;
const files = fleetFiles(answers, { tool: '0.2.0', peers: {}, typescript: '5.9.3', node: '^20.19.0', k3s: 'v1.36.4+k3s1' });
const WORKFLOWS = ['.github/workflows/fleet.yml', '.forgejo/workflows/fleet.yml'];

describe.each(WORKFLOWS)("the fleet's workflow %s", (file) => {
  const content = files.get(file)!;

  it("is a valid workflow by GitHub's own parser", async () => {
    const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
    expect(template.errors ?? []).toEqual([]);
    expect(template.jobs.map((j) => j.id.toString())).toEqual(['fleet', 'renovate']);
    // The parser does catch a broken workflow: a misspelt key and a step with neither run nor uses.
    const broken = parseWorkflow({ name: file, content: content.replace('runs-on:', 'run-on:').replace('- run: npm ci --no-audit --no-fund', '- name: nothing') }, new NoOperationTraceWriter());
    expect(broken.context.errors.getErrors().length).toBeGreaterThan(0);
  });

  it('tests every push, reviews a pull request against its base with the whole history, and comments once', () => {
    const workflow = YAML.parse(content);
    expect(Object.keys(workflow.on)).toEqual(['push', 'pull_request']);
    const steps = workflow.jobs.fleet.steps as { uses?: string; run?: string; with?: Record<string, unknown>; if?: string }[];
    expect(steps[0]).toMatchObject({ uses: expect.stringMatching(/actions\/checkout@v4$/), with: { 'fetch-depth': 0 } });
    const runs = steps.map((s) => s.run ?? '');
    const at = (text: string) => runs.findIndex((r) => r.includes(text));
    expect(at('kubernetes-client')).toBeLessThan(at('npm test'));
    expect(at('npm ci')).toBeLessThan(at('npm test'));
    expect(at('npm test')).toBeLessThan(at('review --base "origin/${{ github.base_ref }}" > review.md'));
    expect(at('review --post-comment review.md')).toBe(runs.length - 1);
    expect(steps.at(-1)!.if).toBe("github.event_name == 'pull_request'");
    // The scripts it runs are the fleet's.
    const scripts = JSON.parse(files.get('package.json')!).scripts as Record<string, string>;
    expect(scripts.test).toBe('npm run -s typecheck && npm run -s check && npm run -s validate');
  });

  it("on Renovate's branches synthesizes, commits and pushes, then checks what it pushed itself", () => {
    const workflow = YAML.parse(content);
    expect(workflow.jobs.renovate.if).toContain("startsWith(github.head_ref, 'renovate/')");
    expect(workflow.jobs.fleet.if).toContain("!startsWith(github.head_ref, 'renovate/')");
    const steps = workflow.jobs.renovate.steps as { uses?: string; run?: string; with?: Record<string, unknown> }[];
    expect(steps[0]!.with).toMatchObject({ ref: '${{ github.head_ref }}', token: '${{ secrets.FLEET_PUSH_TOKEN || secrets.GITHUB_TOKEN }}' });
    const runs = steps.map((s) => s.run ?? '');
    const synth = runs.findIndex((r) => r.includes('npm run synth') && r.includes('git push'));
    expect(synth).toBeGreaterThan(runs.findIndex((r) => r.includes('npm ci')));
    expect(runs.findIndex((r) => r === 'npm test')).toBeGreaterThan(synth);
    expect(workflow.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
  });
});

describe('the review comment', () => {
  it('creates the comment once, then updates it, on a GitHub- or Gitea-shaped API', async () => {
    // A stand-in API on loopback: the issue-comment endpoints both forges serve.
    const comments: { id: number; body: string }[] = [{ id: 1, body: 'someone else' }];
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => { data += c; });
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
        res.setHeader('Content-Type', 'application/json');
        if (req.method === 'GET') return res.end(JSON.stringify(comments));
        const body = JSON.parse(data).body as string;
        if (req.method === 'POST') comments.push({ id: 2, body });
        if (req.method === 'PATCH') comments.find((c) => `/api/v1/repos/ops/fleet/issues/comments/${c.id}` === req.url)!.body = body;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    try {
      const options = { api, repository: 'ops/fleet', pr: 7, token: 'tkn' };
      expect(await upsertComment({ ...options, body: 'first' })).toBe('created');
      expect(await upsertComment({ ...options, body: 'second' })).toBe('updated');
      expect(comments.map((c) => c.body)).toEqual(['someone else', `${MARKER}\nsecond`]);
      expect(seen).toEqual([
        'GET /api/v1/repos/ops/fleet/issues/7/comments?per_page=50&page=1 token tkn',
        'POST /api/v1/repos/ops/fleet/issues/7/comments token tkn',
        'GET /api/v1/repos/ops/fleet/issues/7/comments?per_page=50&page=1 token tkn',
        'PATCH /api/v1/repos/ops/fleet/issues/comments/2 token tkn',
      ]);
    } finally {
      server.close();
    }
  });
});
