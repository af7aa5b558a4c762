// The browser chunk groups of astro.config.mjs: shared modules land in the group meant for them.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_CHUNKS } from '../../astro.config.mjs';

/** The group rolldown puts a module in: the highest priority whose test matches (none: a chunk of its own). */
const groupOf = (file: string) =>
  [...CLIENT_CHUNKS].sort((a, b) => b.priority - a.priority).find((group) => group.test(resolve(file)))?.name;

describe('client chunk groups', () => {
  it('puts the referral capture, which every page loads, in `site` rather than a chunk of its own', () => {
    expect(groupOf('src/stores/referral-capture.ts')).toBe('site');
  });

  it('keeps the calendar-date check out of `forms`, so /profile/history does not load the forms chunk', () => {
    expect(groupOf('core/api/calendar-date.ts')).toBe('calendar-date');
    expect(groupOf('core/api/validation.ts')).toBe('forms');
  });
});
