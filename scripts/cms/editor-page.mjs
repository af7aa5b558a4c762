// The editor's own files: the page that loads Decap CMS, its configuration script and the preview
// style. `npm run cms` serves them; `npm run cms -- build` writes them for a git host.
import { readFileSync } from 'node:fs';

/**
 * The page that loads the editor. editor-key.js comes first: it sets Decap's manual start and
 * hands the per-run key to Decap's calls (a file, so the page needs no inline script).
 */
export const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>AmberPlay texts · editor</title>
</head>
<body>
<script src="editor-key.js"></script>
<script src="decap-cms.js"></script>
<script src="preview-templates.js"></script>
<script src="config.js"></script>
<script src="editor-status.js"></script>
</body>
</html>
`;

/** The browser script of editor-key.js, read once. */
export const EDITOR_KEY_JS = readFileSync(new URL('editor-key.js', import.meta.url), 'utf8');

/** The translation marks beside an entry (editor-status.js), read once. */
export const EDITOR_STATUS_JS = readFileSync(new URL('editor-status.js', import.meta.url), 'utf8');

/** The preview in the site's layout (preview-templates.js), read once. */
export const PREVIEW_TEMPLATES_JS = readFileSync(new URL('preview-templates.js', import.meta.url), 'utf8');

/** Each collection's preview in the site's layout, chosen by its heading field. @param {any} config */
const previewTemplates = (config) =>
  config.collections
    .map(
      (/** @type {{ name: string, identifier_field: string }} */ c) =>
        `CMS.registerPreviewTemplate(${JSON.stringify(c.name)}, ` +
        `sitePreviewTemplate(${JSON.stringify(c.identifier_field)}));`,
    )
    .join('\n');

/**
 * config.js: never put the key in it. Any web page can load a script from localhost with a
 * `<script>` tag and read what it sets.
 * @param {object} config
 */
export const configScript = (config) => `// Made by scripts/cms.mjs from src/content/lint/collections.mjs: do not edit.
CMS.registerPreviewStyle('preview.css');
${previewTemplates(config)}
CMS.init({ config: ${JSON.stringify({ load_config_file: false, ...config }, null, 2)} });
`;

/** The preview's style when the site is not built (no dist/): plain, readable text. */
export const PREVIEW_CSS = `body { font: 16px/1.6 system-ui, sans-serif; color: #1c1917; max-width: 46rem;
  margin: 1.5rem auto; padding: 0 1rem; }
h1, h2, h3 { line-height: 1.25; } a { color: #9a3412; } img { max-width: 100%; height: auto; }
`;

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
