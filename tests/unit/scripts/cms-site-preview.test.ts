// The editor's preview style is the built site's CSS: the linked stylesheets and the inline
// scoped styles of the pages the editor changes, with the scope taken off only the components
// the preview templates copy. config.js registers a template for every collection.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cmsConfig } from '../../../scripts/cms/config.mjs';
import { configScript } from '../../../scripts/cms/editor-page.mjs';
import { sitePreviewStyle } from '../../../scripts/cms/site-preview-style.mjs';

let root = '';
let dist = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** An empty build folder in a folder of its own. */
function emptyDist() {
  root = mkdtempSync(join(tmpdir(), 'cms-preview-'));
  dist = join(root, 'dist');
  mkdirSync(dist);
}

/** A built site with the FAQ and rules pages, as Astro writes them. */
function builtSite() {
  emptyDist();
  mkdirSync(join(dist, '_astro'));
  writeFileSync(join(dist, '_astro/SiteFrame.abc.css'), 'body{background:#fbfaf7}.prose{max-width:48rem}');
  writeFileSync(
    join(dist, 'faq.html'),
    '<html><head><link rel="stylesheet" href="/_astro/SiteFrame.abc.css">' +
      '<style>.toc[data-astro-cid-b3gq]{gap:1rem}</style>' +
      '<style>.faq-entry[data-astro-cid-2uu6]{padding:1.25rem}' +
      '.faq-entry[data-astro-cid-2uu6] h3[data-astro-cid-2uu6]{font-size:1.125rem}</style>' +
      '</head><body><nav class="toc" data-astro-cid-b3gq></nav>' +
      '<article class="faq-entry prose" id="withdrawal-time" data-astro-cid-2uu6>' +
      '<h3 data-astro-cid-2uu6>Q</h3></article></body></html>',
  );
  writeFileSync(
    join(dist, 'rules.html'),
    '<html><head><link rel="stylesheet" href="/_astro/SiteFrame.abc.css"></head>' +
      '<body><section class="prose content-section" id="terms-of-play"></section></body></html>',
  );
}

describe('sitePreviewStyle', () => {
  it('gathers the linked and inline CSS once each, unscoping only the FAQ entry the preview copies', () => {
    builtSite();
    const css = sitePreviewStyle(dist)!;
    expect(css.match(/body\{background:#fbfaf7\}/g)).toHaveLength(1);
    expect(css).toContain('.faq-entry{padding:1.25rem}');
    expect(css).toContain('.faq-entry h3{font-size:1.125rem}');
    // Another component's scoped style stays scoped: it styles nothing in the preview.
    expect(css).toContain('.toc[data-astro-cid-b3gq]{gap:1rem}');
  });

  it('is null when the site is not built, so the editor falls back to its plain style', () => {
    emptyDist();
    expect(sitePreviewStyle(dist)).toBeNull();
    expect(sitePreviewStyle(join(dist, 'missing'))).toBeNull();
  });

  it('ignores a stylesheet link that leaves the build folder', () => {
    builtSite();
    writeFileSync(
      join(dist, 'loyal.html'),
      '<link rel="stylesheet" href="/../secret.css"><link rel="stylesheet" href="/_astro/none.css">',
    );
    writeFileSync(join(root, 'secret.css'), 'secret{}');
    expect(sitePreviewStyle(dist)).not.toContain('secret');
  });
});

describe('configScript', () => {
  it('registers the preview style and a site-layout template for every collection, by its heading field', () => {
    const script = configScript(cmsConfig());
    expect(script).toContain("CMS.registerPreviewStyle('preview.css');");
    expect(script).toContain('CMS.registerPreviewTemplate("faq", sitePreviewTemplate("question"));');
    for (const name of ['rules', 'responsible-gaming', 'loyalty'])
      expect(script).toContain(`CMS.registerPreviewTemplate("${name}", sitePreviewTemplate("title"));`);
    // Templates first: Decap renders with what is registered when it starts.
    expect(script.indexOf('registerPreviewTemplate')).toBeLessThan(script.indexOf('CMS.init'));
  });
});
