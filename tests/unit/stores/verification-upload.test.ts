import { describe, expect, it } from 'vitest';
import type { VerificationSubmitted } from '#core/api/contract.ts';
import type { DocumentUpload } from '../../../src/api/verification';
import { ApiError } from '../../../src/api/errors';
import { createVerificationUpload } from '../../../src/stores/verification-upload';
import { recordedCall, translators } from './form-fixtures';

const { t, api } = translators;
const answer: VerificationSubmitted = {
  status: 'pending',
  document_type: 'id_card',
  submitted_at: '2026-01-01T00:00:00.000Z',
};
const photo = (name = 'front.png') => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
// What FormData holds for a file input left empty.
const none = new File([], '');

function setup(...answers: (VerificationSubmitted | Error)[]) {
  const upload = recordedCall<[DocumentUpload, (fraction: number) => void], VerificationSubmitted>(...answers);
  const sent: VerificationSubmitted[] = [];
  const store = createVerificationUpload({ t, api, upload: upload.call, sent: (made) => sent.push(made) });
  return { store, upload, sent };
}

describe('verification upload store', () => {
  it('a passport needs its photo page only; an ID card needs both sides', async () => {
    const { store, upload } = setup(answer);
    await store.submit({ front: none });
    expect(store.$errors.get()).toEqual({ front: [api('verification.file_required')] });
    store.chooseType('id_card');
    await store.submit({ front: photo(), back: none });
    expect(store.$errors.get()).toEqual({ back: [api('verification.back_required')] });
    expect(upload.calls).toEqual([]);
  });

  it('uploads the chosen files with the type, shows the progress while it runs, and hands on the answer', async () => {
    const { store, upload, sent } = setup(answer);
    store.chooseType('id_card');
    const [front, back] = [photo(), photo('back.png')];
    upload.hold();
    const done = store.submit({ front, back });
    await Promise.resolve();
    expect(store.$progress.get()).toBe(0);
    upload.calls[0]![1](0.5);
    expect(store.$progress.get()).toBe(0.5);
    upload.release();
    expect(await done).toBe(true);
    expect(upload.calls[0]![0]).toEqual({ document_type: 'id_card', front, back });
    expect(store.$progress.get()).toBeUndefined();
    expect(sent).toEqual([answer]);
  });

  it('a file refused when chosen is refused again at submit; choosing another clears the old errors', async () => {
    const { store, upload } = setup(answer);
    store.fileChosen('front', 'Too large.');
    expect(store.sideErrors('front', {})).toEqual(['Too large.']);
    await store.submit({ front: photo() });
    expect(store.$errors.get()).toEqual({ front: ['Too large.'] });
    expect(store.sideErrors('front', store.$errors.get())).toEqual(['Too large.']);
    store.fileChosen('front', undefined);
    expect(store.sideErrors('front', store.$errors.get())).toBeUndefined();
    expect(upload.calls).toEqual([]);
  });

  it('switching to a passport drops the back side’s problem', () => {
    const { store } = setup(answer);
    store.chooseType('driving_licence');
    store.fileChosen('back', 'Not an image.');
    store.chooseType('passport');
    expect(store.$chosenProblems.get()).toEqual({});
  });

  it('the server’s refusal lands on its field, and the progress goes', async () => {
    const { store, sent } = setup(new ApiError(400, { front: ['Unreadable image.'] }));
    expect(await store.submit({ front: photo() })).toBe(false);
    expect(store.$errors.get()).toEqual({ front: ['Unreadable image.'] });
    expect(store.$progress.get()).toBeUndefined();
    expect(sent).toEqual([]);
  });
});
