import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NoOperationTraceWriter, convertWorkflowTemplate, parseWorkflow } from '@actions/workflow-parser';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { MARKER, upsertComment } from '../../scripts/pr-comment';

const repo = path.resolve(import.meta.dirname, '../..');
const FILE = '.github/workflows/review.yml';

describe('the pull-request workflow', () => {
  it("is a valid workflow by GitHub's own parser", async () => {
    const content = fs.readFileSync(path.join(repo, FILE), 'utf8');
    const parsed = parseWorkflow({ name: FILE, content }, new NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
    expect(template.errors ?? []).toEqual([]);
    expect(template.jobs.map((j) => j.id.toString())).toEqual(['review']);
    // The parser does catch a broken workflow: a misspelt key and a step with neither run nor uses.
    const broken = parseWorkflow({ name: FILE, content: content.replace('runs-on:', 'run-on:').replace('- run: npm ci --no-audit --no-fund', '- name: nothing') }, new NoOperationTraceWriter());
    expect(broken.context.errors.getErrors().length).toBeGreaterThan(0);
  });

  it('checks drift first, reviews against the merge base with the base branch, and comments once', () => {
    const workflow = YAML.parse(fs.readFileSync(path.join(repo, FILE), 'utf8'));
    expect(workflow.on.pull_request).toBeDefined();
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    const steps = workflow.jobs.review.steps as { uses?: string; run?: string; with?: Record<string, unknown> }[];
    expect(steps[0]).toMatchObject({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    const runs = steps.map((s) => s.run ?? '');
    const at = (text: string) => runs.findIndex((r) => r.includes(text));
    expect(at('npm ci')).toBeLessThan(at('npm run check'));
    expect(at('npm run check')).toBeLessThan(at('npm run --silent review -- --base "origin/${{ github.base_ref }}"'));
    expect(at('scripts/pr-comment.ts review.md')).toBe(runs.length - 1);
    // The commands it runs exist.
    const scripts = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['check', 'review']));
  });

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
