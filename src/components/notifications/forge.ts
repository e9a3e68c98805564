import type { Forge } from './push-receiver';

/** The forge of a Git URL's host, where its name tells (Codeberg and Forgejo speak Gitea's webhooks). */
export function forgeOf(url: string): Forge | undefined {
  const host = /^(?:[a-z+]+:\/\/)?(?:[^@/]+@)?([^/:]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (/(^|\.)github\.com$/.test(host)) return 'github';
  if (host.includes('gitlab')) return 'gitlab';
  if (/gitea|forgejo|codeberg/.test(host)) return 'gitea';
  return undefined;
}
