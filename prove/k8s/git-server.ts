/**
 * Git over smart HTTP on loopback, as source-controller pulls from a Git host: a node HTTP server
 * running git's own git-http-backend as a CGI program over the bare repositories of one folder.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BACKEND = '/usr/lib/git-core/git-http-backend';

export interface GitServer {
  /** The clone URL of a repository of the root: `http://127.0.0.1:<port>/<repo>`. */
  url(repo: string): string;
  stop(): Promise<void>;
}

/** The CGI variables git-http-backend reads for one request (RFC 3875, plus its own two). */
export function cgiEnv(root: string, req: { method: string; url: string; headers: http.IncomingHttpHeaders }): NodeJS.ProcessEnv {
  const [pathInfo, query = ''] = req.url.split('?', 2) as [string, string?];
  const header = (name: string) => { const v = req.headers[name]; return Array.isArray(v) ? v.join(', ') : v; };
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    REQUEST_METHOD: req.method,
    PATH_INFO: decodeURIComponent(pathInfo),
    QUERY_STRING: query,
    REMOTE_ADDR: '127.0.0.1',
  };
  const optional = { CONTENT_TYPE: header('content-type'), CONTENT_LENGTH: header('content-length'), HTTP_CONTENT_ENCODING: header('content-encoding'), HTTP_GIT_PROTOCOL: header('git-protocol') };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) env[key] = value;
  return env;
}

/** Splits a CGI response's header block from its body; undefined until the blank line arrived. */
export function splitCgiHeaders(buffer: Buffer): { status: number; headers: [string, string][]; body: Buffer } | undefined {
  const text = buffer.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  if (end === -1) return undefined;
  const separator = /\r?\n\r?\n/.exec(text.slice(end))![0].length;
  let status = 200;
  const headers: [string, string][] = [];
  for (const line of text.slice(0, end).split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const [name, value] = [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
    else headers.push([name, value]);
  }
  return { status, headers, body: buffer.subarray(end + separator) };
}

function handle(root: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const cgi = spawn(BACKEND, [], { env: cgiEnv(root, { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }), stdio: ['pipe', 'pipe', 'pipe'] });
  req.pipe(cgi.stdin);
  let head: Buffer = Buffer.alloc(0);
  let started = false;
  let stderr = '';
  cgi.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  cgi.stdout.on('data', (chunk: Buffer) => {
    if (started) { res.write(chunk); return; }
    head = Buffer.concat([head, chunk]);
    const split = splitCgiHeaders(head);
    if (!split) return;
    started = true;
    res.writeHead(split.status, split.headers);
    res.write(split.body);
  });
  cgi.on('close', (code) => {
    if (!started) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`git-http-backend exited with code ${code}: ${stderr}`);
      return;
    }
    res.end();
  });
}

export function serveGit(root: string): Promise<GitServer> {
  const server = http.createServer((req, res) => handle(root, req, res));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      let stopping: Promise<void> | undefined;
      resolve({
        url: (repo) => `http://127.0.0.1:${port}/${repo}`,
        stop: () => (stopping ??= new Promise((done) => { server.close(() => done()); server.closeAllConnections(); })),
      });
    });
  });
}

const git = (args: readonly string[], env?: NodeJS.ProcessEnv, cwd?: string) =>
  execFileSync('git', ['-c', 'user.name=k3s-gitops-synth prove', '-c', 'user.email=prove@127.0.0.1', ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** A bare repository `<root>/<repo>` on branch main, created when absent. */
export function bareRepository(root: string, repo: string): string {
  const dir = path.join(root, repo);
  if (!fs.existsSync(dir)) git(['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  return dir;
}

/**
 * Commits a folder's content as the whole tree of the branch's next commit (a file absent from
 * the folder is absent from the commit) and returns the commit's id.
 */
export function commitFolder(bare: string, folder: string, message: string, branch = 'main'): string {
  const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'prove-index-')), 'index');
  try {
    const env = { GIT_DIR: bare, GIT_WORK_TREE: folder, GIT_INDEX_FILE: index };
    git(['add', '--all', '--force', '.'], env, folder);
    const tree = git(['write-tree'], env);
    const parent = (() => { try { return git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], env); } catch { return undefined; } })();
    const commit = git(['commit-tree', tree, '-m', message, ...(parent ? ['-p', parent] : [])], env);
    git(['update-ref', `refs/heads/${branch}`, commit], env);
    return commit;
  } finally {
    fs.rmSync(path.dirname(index), { recursive: true, force: true });
  }
}
