import { describe, expect, it } from 'vitest';
import type { SourceOfFundsStatus } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createSourceOfFundsUpload, sourceOfFundsView } from '../../../src/stores/source-of-funds-upload';
import { recordedCall, translators } from './form-fixtures';

const { t, api } = translators;
const request = (documents: number, max = 10): SourceOfFundsStatus => ({
  request: { requested_at: '2026-01-01T09:00:00.000Z', documents, max_documents: max },
});
const payslip = (name = 'payslip.pdf') => new File([new Uint8Array([1, 2, 3])], name, { type: 'application/pdf' });
// What FormData holds for a file input left empty.
const none = new File([], '');

function setup(...answers: (SourceOfFundsStatus | Error)[]) {
  const upload = recordedCall<[File, (fraction: number) => void], SourceOfFundsStatus>(...answers);
  const sent: SourceOfFundsStatus[] = [];
  const store = createSourceOfFundsUpload({ t, api, upload: upload.call, sent: (made) => sent.push(made) });
  return { store, upload, sent };
}

describe('source-of-funds view', () => {
  it('shows nothing without a request, the request with its count, and no form once the maximum is in', () => {
    expect(sourceOfFundsView({ request: null })).toEqual({ show: false });
    expect(sourceOfFundsView(request(2))).toEqual({
      show: true,
      requestedAt: '2026-01-01T09:00:00.000Z',
      documents: 2,
      max: 10,
      mayUpload: true,
    });
    expect(sourceOfFundsView(request(10))).toMatchObject({ mayUpload: false });
  });
});

describe('source-of-funds upload store', () => {
  it('needs a file and uploads nothing without one', async () => {
    const { store, upload } = setup(request(1));
    expect(await store.submit({ file: none })).toBe(false);
    expect(store.$errors.get()).toEqual({ file: [api('verification.file_required')] });
    expect(await store.submit({ file: 'not a file' })).toBe(false);
    expect(await store.submit({})).toBe(false);
    expect(upload.calls).toEqual([]);
  });

  it('uploads the chosen file, shows the progress while it runs, and hands on the answer', async () => {
    const { store, upload, sent } = setup(request(1));
    const file = payslip();
    upload.hold();
    const done = store.submit({ file });
    await Promise.resolve();
    expect(store.$progress.get()).toBe(0);
    upload.calls[0]![1](0.25);
    expect(store.$progress.get()).toBe(0.25);
    upload.release();
    expect(await done).toBe(true);
    expect(upload.calls[0]![0]).toBe(file);
    expect(store.$progress.get()).toBeUndefined();
    expect(sent).toEqual([request(1)]);
  });

  it('a file refused when chosen is refused again at submit; choosing another clears the old error', async () => {
    const { store, upload } = setup(request(1));
    store.fileChosen('file', 'Not a JPEG, PNG or PDF.');
    expect(store.fileErrors({})).toEqual(['Not a JPEG, PNG or PDF.']);
    await store.submit({ file: payslip('tool.exe') });
    expect(store.$errors.get()).toEqual({ file: ['Not a JPEG, PNG or PDF.'] });
    store.fileChosen('file', undefined);
    expect(store.fileErrors(store.$errors.get())).toBeUndefined();
    expect(upload.calls).toEqual([]);
  });

  it('the server’s refusal lands on the file or the form, and the progress goes', async () => {
    const { store, sent } = setup(
      new ApiError(400, { file: ['Unreadable file.'] }),
      new ApiError(409, { detail: 'Nothing is asked of you.' }),
    );
    expect(await store.submit({ file: payslip() })).toBe(false);
    expect(store.$errors.get()).toEqual({ file: ['Unreadable file.'] });
    expect(await store.submit({ file: payslip() })).toBe(false);
    expect(store.$errors.get().form).toEqual(['Nothing is asked of you.']);
    expect(store.$progress.get()).toBeUndefined();
    expect(sent).toEqual([]);
  });
});
