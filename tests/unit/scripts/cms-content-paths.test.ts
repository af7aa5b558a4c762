// What the browser editor may touch, on a throwaway checkout: the Markdown files of the content
// folders and the pictures of the picture folder, in their plain spelling, and never through a
// symbolic link that leads out of its folder. Every path of a Decap call is checked.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmsConfig } from '../../../scripts/cms/config.mjs';
import { ContentPathRefused, contentAreas, contentPathGate } from '../../../scripts/cms/content-paths.mjs';
import { pathsOfProxyCall } from '../../../scripts/cms/proxy-request-paths.mjs';

const root = mkdtempSync(join(tmpdir(), 'cms-paths-'));
mkdirSync(join(root, 'src/content/faq/en'), { recursive: true });
mkdirSync(join(root, '.data'));
writeFileSync(join(root, '.data/rsa-private.pem'), 'secret');
writeFileSync(join(root, 'src/content/faq/en/a.md'), 'a');
// Links an attacker would need: a file and a folder in the content that lead to the private key.
symlinkSync('../../../../.data/rsa-private.pem', join(root, 'src/content/faq/en/key.md'));
symlinkSync('../../../.data', join(root, 'src/content/faq/data'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const gate = contentPathGate(root, contentAreas(cmsConfig()));
const refused = (path: unknown, kind: Parameters<typeof gate.check>[1]) =>
  expect(gate.check(path as string, kind)).rejects.toBeInstanceOf(ContentPathRefused);

describe('contentPathGate', () => {
  it('allows entries of the content folders and pictures of the picture folder, even new ones', async () => {
    await expect(gate.check('src/content/faq/en/a.md', 'entry')).resolves.toBe('src/content/faq/en/a.md');
    await expect(gate.check('src/content/loyalty/ja/new.md', 'entry')).resolves.toBeTruthy();
    await expect(gate.check('public/images/deposit.webp', 'picture')).resolves.toBeTruthy();
    await expect(gate.check('public/images/Deposit.PNG', 'file')).resolves.toBeTruthy();
    await expect(gate.check('src/content/faq', 'folder')).resolves.toBe('src/content/faq');
    await expect(gate.check('public/images/', 'folder')).resolves.toBe('public/images');
  });

  it.each([
    ['.data/rsa-private.pem', 'file'],
    ['package.json', 'file'],
    ['src/pages/x.astro', 'entry'],
    ['src/pages/x.astro', 'picture'],
    ['src/content/faq/en/x.astro', 'file'],
    ['src/content/faq/en/x.md', 'picture'],
    ['public/images/x.svg', 'picture'],
    ['public/images/x.md', 'entry'],
    ['src/content/faq/../../pages/x.md', 'entry'],
    ['../x', 'file'],
    ['/etc/passwd', 'file'],
    ['src/content/faq/./en/a.md', 'file'],
    ['src/content//faq/en/a.md', 'file'],
    ['src\\content\\faq\\en\\a.md', 'file'],
    ['src/content/faq/en/a.md\0.png', 'file'],
    ['src/content', 'folder'],
    ['src/content/faqs', 'folder'],
    ['.', 'folder'],
    ['', 'file'],
    [undefined, 'file'],
    [['src/content/faq/en/a.md'], 'file'],
  ])('refuses %j as %s', (path, kind) => refused(path, kind as 'file'));

  it('refuses a symbolic link that leads out of its folder, and what lies behind a linked folder', async () => {
    await refused('src/content/faq/en/key.md', 'file');
    await refused('src/content/faq/data/rsa-private.pem', 'file');
    await refused('src/content/faq/data/new.md', 'entry');
    await refused('src/content/faq/data', 'folder');
  });
});

describe('pathsOfProxyCall', () => {
  it('names every path of a save, the entry, its translations, moves and pictures', () => {
    const call = {
      action: 'persistEntry',
      params: {
        entry: { path: 'a.md' },
        dataFiles: [{ path: 'b.md', newPath: 'c.md' }],
        assets: [{ path: 'd.png' }],
      },
    };
    expect(pathsOfProxyCall(call)).toEqual([
      ['b.md', 'entry'],
      ['c.md', 'entry'],
      ['a.md', 'entry'],
      ['d.png', 'picture'],
    ]);
    expect(pathsOfProxyCall({ action: 'persistEntry', params: { assets: [] } })).toEqual([[undefined, 'entry']]);
    expect(pathsOfProxyCall({ action: 'deleteFiles', params: { paths: ['x', 'y'] } })).toEqual([
      ['x', 'file'],
      ['y', 'file'],
    ]);
  });

  it('refuses actions it does not know, and lists that are not lists', () => {
    for (const action of ['publishUnpublishedEntry', 'toString', '__proto__', undefined])
      expect(() => pathsOfProxyCall({ action, params: {} })).toThrow(ContentPathRefused);
    expect(() => pathsOfProxyCall({ action: 'deleteFiles', params: { paths: 'package.json' } })).toThrow(
      ContentPathRefused,
    );
  });
});
