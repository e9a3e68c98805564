/**
 * Creates or updates the one review comment of a pull request, on GitHub or Gitea/Forgejo: both
 * serve the same issue-comment endpoints under the API URL their Actions runner exports
 * (GITHUB_API_URL), and both take `Authorization: token …`. The comment is found again by a marker.
 *
 *   k3s-gitops-synth review --post-comment <markdown file>
 *
 * Environment: GITHUB_API_URL, GITHUB_REPOSITORY (owner/name), GITHUB_EVENT_PATH (the
 * pull_request event), and the token in GITHUB_TOKEN (or GITEA_TOKEN).
 */
import fs from 'node:fs';

export const MARKER = '<!-- k3s-gitops-synth review -->';

interface Comment {
  readonly id: number;
  readonly body?: string;
}

export async function upsertComment(options: { api: string; repository: string; pr: number; token: string; body: string }): Promise<'created' | 'updated'> {
  const headers = { Authorization: `token ${options.token}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const base = `${options.api.replace(/\/$/, '')}/repos/${options.repository}/issues`;
  const body = JSON.stringify({ body: `${MARKER}\n${options.body}` });
  const existing: Comment[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${base}/${options.pr}/comments?per_page=50&page=${page}`, { headers });
    if (!response.ok) throw new Error(`listing the comments of #${options.pr} failed: HTTP ${response.status}`);
    const batch = (await response.json()) as Comment[];
    existing.push(...batch);
    if (batch.length < 50) break;
  }
  const ours = existing.find((c) => c.body?.startsWith(MARKER));
  const response = ours
    ? await fetch(`${base}/comments/${ours.id}`, { method: 'PATCH', headers, body })
    : await fetch(`${base}/${options.pr}/comments`, { method: 'POST', headers, body });
  if (!response.ok) throw new Error(`${ours ? 'updating' : 'creating'} the review comment failed: HTTP ${response.status}`);
  return ours ? 'updated' : 'created';
}

/**
 * `review --post-comment <file>`: the file as the pull request's review comment, from the
 * variables the forge's Actions runner sets. What it prints and its exit code.
 */
export async function postComment(file: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const token = env.GITHUB_TOKEN ?? env.GITEA_TOKEN;
  const missing = ['GITHUB_API_URL', 'GITHUB_REPOSITORY', 'GITHUB_EVENT_PATH'].filter((k) => !env[k]);
  if (!token || missing.length > 0) {
    return { stdout: '', stderr: `review --post-comment needs ${[...missing, ...(token ? [] : ['GITHUB_TOKEN'])].join(', ')} (set by the forge's Actions runner)\n`, exitCode: 2 };
  }
  const event = JSON.parse(fs.readFileSync(env.GITHUB_EVENT_PATH!, 'utf8')) as { pull_request?: { number: number }; number?: number };
  const pr = event.pull_request?.number ?? event.number;
  if (pr === undefined) return { stdout: '', stderr: 'review --post-comment: the event is not a pull request\n', exitCode: 2 };
  try {
    const done = await upsertComment({ api: env.GITHUB_API_URL!, repository: env.GITHUB_REPOSITORY!, pr, token, body: fs.readFileSync(file, 'utf8') });
    return { stdout: `review comment ${done} on #${pr}\n`, stderr: '', exitCode: 0 };
  } catch (error) {
    return { stdout: '', stderr: `review --post-comment: ${(error as Error).message}\n`, exitCode: 1 };
  }
}
