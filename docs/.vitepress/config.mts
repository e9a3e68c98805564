// The documentation site: VitePress over the Markdown pages of docs/.
import { fileURLToPath } from 'node:url';
import { siteConfig } from './site-config.mts';

export default siteConfig(fileURLToPath(new URL('..', import.meta.url)));
