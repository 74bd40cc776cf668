import { describe, expect, it } from 'vitest';
import {
  firstPage, languageOf, needsMore, nextPage, previewKind, splitLines, CODE_VIEWER_SCROLL_THRESHOLD_PX,
} from '../../src/rules/codeViewer.ts';
import { CODE_VIEWER_FIRST_LINES, CODE_VIEWER_LANGUAGES, CODE_VIEWER_MORE_LINES } from '../../src/rules/constants.ts';

describe('code viewer paging', () => {
  it('shows 100 lines first, then 50 more each time, never past the end', () => {
    expect(CODE_VIEWER_FIRST_LINES).toBe(100);
    expect(CODE_VIEWER_MORE_LINES).toBe(50);
    const total = 260;
    const pages = [firstPage(total)];
    while (pages[pages.length - 1]! < total) pages.push(nextPage(pages[pages.length - 1]!, total));
    expect(pages).toEqual([100, 150, 200, 250, 260]);
  });

  it('shows a short file whole', () => {
    expect(firstPage(12)).toBe(12);
    expect(nextPage(12, 12)).toBe(12);
    expect(firstPage(0)).toBe(0);
  });

  it('asks for more only near the bottom and while lines remain', () => {
    const atBottom = { scrollTop: 900, clientHeight: 400, scrollHeight: 1300 };
    const farAbove = { scrollTop: 0, clientHeight: 400, scrollHeight: 1300 };
    const nearBottom = { scrollTop: 900 - CODE_VIEWER_SCROLL_THRESHOLD_PX, clientHeight: 400, scrollHeight: 1300 };
    expect(needsMore(atBottom, 100, 500)).toBe(true);
    expect(needsMore(nearBottom, 100, 500)).toBe(true);
    expect(needsMore(farAbove, 100, 500)).toBe(false);
    expect(needsMore(atBottom, 500, 500)).toBe(false);
  });
});

describe('lines', () => {
  it('splits on every line ending and ignores a final newline', () => {
    expect(splitLines('a\nb\r\nc\rd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
  });
});

describe('languages', () => {
  it('maps resource types, file names and content types to the listed languages', () => {
    expect(languageOf({ type: 'wsdl' })).toBe('xml');
    expect(languageOf({ type: 'protobuf' })).toBe('proto');
    expect(languageOf({ type: 'other', fileName: 'billing.raml' })).toBe('yaml');
    expect(languageOf({ fileName: 'main.rs' })).toBe('rust');
    expect(languageOf({ fileName: 'Program.cs' })).toBe('csharp');
    expect(languageOf({ fileName: 'x.unknown', contentType: 'application/json; charset=utf-8' })).toBe('json');
    expect(languageOf({ fileName: 'notes.bin', contentType: 'application/octet-stream' })).toBeNull();
  });

  it('only ever answers one of the 14 languages of the spec', () => {
    const inputs = ['json', 'yml', 'xsd', 'ts', 'tsx', 'mjs', 'md', 'py', 'htm', 'go', 'java', 'proto'];
    for (const ext of inputs) expect(CODE_VIEWER_LANGUAGES).toContain(languageOf({ fileName: `f.${ext}` }));
  });
});

describe('preview', () => {
  it('names binary kinds by extension and refuses binary content', () => {
    expect(previewKind('archive.zip', 'PK\u0003\u0004')).toBe('unsupported');
    expect(previewKind('spec.txt', 'hello\u0000world')).toBe('unreadable');
    expect(previewKind('spec.txt', '\u0001\u0002\u0003\u0004\u0005 binary-ish')).toBe('unreadable');
    expect(previewKind('service.wsdl', '<?xml version="1.0"?>\n<definitions/>')).toBe('text');
  });
});
