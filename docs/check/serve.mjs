// The built site on loopback, as a static host serves it with VitePress's clean URLs:
// /guides/secrets is guides/secrets.html, /reference/ is reference/index.html, anything else 404.html.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

/**
 * The file a URL path names in `dist`, or undefined.
 * @param {string} dist
 * @param {string} base the site's base, `/` or `/<repository>/`
 * @param {string} urlPath decoded, without query or hash
 */
export function fileFor(dist, base, urlPath) {
  if (!urlPath.startsWith(base)) return undefined;
  const rest = urlPath.slice(base.length);
  const candidates = rest === '' || rest.endsWith('/') ? [`${rest}index.html`] : [rest, `${rest}.html`];
  for (const candidate of candidates) {
    const file = path.join(dist, candidate);
    // Never outside dist (a `..` in a link).
    if (file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return undefined;
}

/**
 * Serves `dist` on 127.0.0.1 at a free port.
 * @param {string} dist
 * @param {string} base
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function serve(dist, base) {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = fileFor(dist, base, urlPath);
    const status = file === undefined ? 404 : 200;
    const body = file ?? path.join(dist, '404.html');
    res.writeHead(status, { 'content-type': TYPES[path.extname(body)] ?? 'application/octet-stream' });
    fs.createReadStream(body).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
