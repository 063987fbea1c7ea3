// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  it('names the tab by its section, then the product, skipping what is missing, and follows changes', () => {
    const { rerender } = renderHook((parts: (string | undefined)[]) => useDocumentTitle(...parts), {
      initialProps: ['User Center', 'Account Center'] as (string | undefined)[],
    });
    expect(document.title).toBe('User Center · Account Center');
    rerender([undefined, '账号中心']);
    expect(document.title).toBe('账号中心');
  });
});
