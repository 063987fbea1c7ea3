// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { draftOf, forgetDraft, keepDraft, keepOnlyDraftOf } from './form-draft';

const FORM = '/admin/platform/edit?id=media';

afterEach(() => sessionStorage.clear());

describe('a form draft', () => {
  it('is given back to the account that typed it, on its form only, from this tab alone', () => {
    keepDraft(FORM, 'u-1', { description: 'typed' });
    expect(draftOf('/admin/platform/edit?id=cmg', 'u-1')).toBeUndefined();
    expect(draftOf(FORM, 'u-1')).toEqual({ description: 'typed' });
    // Not in the storage other tabs share (which other files of this worker may have written to).
    const shared = Array.from({ length: localStorage.length }, (_, i) =>
      localStorage.getItem(localStorage.key(i)!),
    );
    expect(shared.join(' ')).not.toContain('typed');
  });

  it('is discarded when another account asks for it or signs in', () => {
    keepDraft(FORM, 'u-1', { description: 'typed' });
    expect(draftOf(FORM, 'u-2')).toBeUndefined();
    expect(draftOf(FORM, 'u-1')).toBeUndefined();
    keepDraft(FORM, 'u-1', { description: 'typed' });
    keepOnlyDraftOf('u-1');
    expect(draftOf(FORM, 'u-1')).toBeDefined();
    keepOnlyDraftOf('u-2');
    expect(draftOf(FORM, 'u-1')).toBeUndefined();
  });

  it("goes with its form, and not with another form's leaving", () => {
    keepDraft(FORM, 'u-1', { description: 'typed' });
    forgetDraft('/admin/user/create');
    expect(draftOf(FORM, 'u-1')).toBeDefined();
    forgetDraft(FORM);
    expect(draftOf(FORM, 'u-1')).toBeUndefined();
  });

  it('reads a stored value that is not a draft as none', () => {
    sessionStorage.setItem('form-draft', '{"form":1}');
    expect(draftOf(FORM, 'u-1')).toBeUndefined();
    sessionStorage.setItem('form-draft', 'not json');
    expect(draftOf(FORM, 'u-1')).toBeUndefined();
  });
});
