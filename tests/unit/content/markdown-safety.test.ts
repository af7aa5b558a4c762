// Markdown rendered by the processor astro.config.mjs gives Astro (the build and the dev preview
// alike): nothing an editor writes can run, even when `npm run i18n:check` was skipped.
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../../astro.config.mjs';
import { safeHtmlPlugin } from '../../../src/content/markdown-processor.mjs';

const processor = config.markdown!.processor!;

async function render(markdown: string, file = 'src/content/faq/en/x.md') {
  const renderer = await processor.createRenderer({});
  return (await renderer.render(markdown, { fileURL: pathToFileURL(`/site/${file}`) })).code;
}

describe('the Markdown processor of the build', () => {
  it('is ours', () => {
    expect((processor.options as { hastPlugins: unknown[] }).hastPlugins).toContain(safeHtmlPlugin);
  });

  it('drops <script> blocks and inline scripts', async () => {
    const html = await render(
      'Before\n\n<script>document.title = "owned"</script>\n\nText <script>alert(1)</script> after.',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Before');
    expect(html).toContain('after.');
  });

  it('drops HTML with event handlers such as onerror=', async () => {
    const html = await render(
      'An image: <img src=x onerror="alert(1)">\n\n<div onclick="alert(2)">Click</div>\n\n<iframe ' +
        'src="https://evil.example.org"></iframe>',
    );
    expect(html).not.toMatch(/onerror|onclick|<img|<iframe|<div/i);
  });

  it('drops javascript:, data: and other unsafe link and image addresses, keeping the text', async () => {
    const html = await render(
      '[one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](java%0Ascript:alert(3)) ' +
        '[four](data:text/html,hi)\n\n[five][ref] ![six](javascript:alert(6)) ' +
        '[seven](http://example.org)\n\n[ref]: vbscript:msgbox(1)',
    );
    expect(html).not.toMatch(/javascript:|vbscript:|data:|http:/i);
    for (const text of ['one', 'two', 'three', 'four', 'five', 'seven']) expect(html).toContain(text);
  });

  it('keeps https:, mailto: and site links, and gives a translation’s site links its language', async () => {
    const markdown =
      '[help](https://www.gamcare.org.uk/) [mail](mailto:help@example.org) ' +
      '[limits](/responsible_gaming#tools) [faq](/faq#withdrawal-time)';
    const english = await render(markdown);
    expect(english).toContain('href="https://www.gamcare.org.uk/"');
    expect(english).toContain('href="mailto:help@example.org"');
    expect(english).toContain('href="/responsible_gaming#tools"');
    const german = await render(markdown, 'src/content/faq/de/x.md');
    expect(german).toContain('href="/de/responsible_gaming#tools"');
    expect(german).toContain('href="/de/faq#withdrawal-time"');
    expect(german).toContain('href="https://www.gamcare.org.uk/"');
  });
});
