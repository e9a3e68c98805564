import path from 'node:path';

/** The contributor's guide where the forge shows it, written by hand. */
export const CONTRIBUTING = 'CONTRIBUTING.md';
/** The same guide as a page of the site (VitePress reads only docs/). */
export const CONTRIBUTING_PAGE = 'docs/design/contributing.md';

const LINK = /\[([^\]]*)\]\(([^)\s]+)\)/g;

/**
 * docs/design/contributing.md: CONTRIBUTING.md with its links made relative to the page. A link to
 * a file outside docs/ has no page on the site, so it becomes the path, as code.
 */
export function contributingPage(source: string): string {
  const pageDir = path.posix.dirname(CONTRIBUTING_PAGE);
  const body = source.replace(LINK, (whole, text: string, target: string) => {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) return whole;
    const [file, anchor] = target.split('#') as [string, string | undefined];
    const fromRoot = path.posix.normalize(file);
    if (!fromRoot.startsWith('docs/')) return text === `\`${fromRoot}\`` || text === fromRoot ? `\`${fromRoot}\`` : `${text} (\`${fromRoot}\`)`;
    return `[${text}](${path.posix.relative(pageDir, fromRoot)}${anchor === undefined ? '' : `#${anchor}`})`;
  });
  const [title, ...rest] = body.split('\n');
  return [title, '', `*This page is \`${CONTRIBUTING}\` at the repository's root, copied by \`npm run synth\`: edit that file.*`, ...rest].join('\n');
}
