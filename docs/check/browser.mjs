// Headless Chromium from the system (Debian's `chromium`): puppeteer-core downloads no browser.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

// Debian's name first, then a GitHub runner's Chrome (its chromium-browser may be a snap stub).
const NAMES = ['chromium', 'google-chrome', 'google-chrome-stable', 'chromium-browser'];

/** CHROME_PATH, else the first Chromium on PATH. */
export function chromiumPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of NAMES) if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  throw new Error(`no Chromium on PATH (looked for ${NAMES.join(', ')}): install it (apt-get install chromium) or set CHROME_PATH to its binary`);
}

export function launch() {
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}
