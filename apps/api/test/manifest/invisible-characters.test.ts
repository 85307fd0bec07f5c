import { showInvisibles, TERMINAL_LAYOUT } from '@countersign/manifest';
import { describe, expect, test } from 'vitest';

// The one rule the console and the countersign CLI show agent-chosen text by (packages/manifest).

describe('showInvisibles', () => {
  test('escapes C0 and C1 controls, bidi controls and zero widths, keeping tab and line breaks for the console', () => {
    expect(showInvisibles('a\u001b]52;c;eA==\u0007b\u009b2Jc\u202ed\u2067e\u061cf\u200bg\ufeffh\u00adi\t\r\nj')).toBe(
      'a\\u001b]52;c;eA==\\u0007b\\u009b2Jc\\u202ed\\u2067e\\u061cf\\u200bg\\ufeffh\\u00adi\t\r\nj',
    );
  });

  test('escapes a carriage return for a terminal, where it would write over a line, and everything for a single field', () => {
    expect(showInvisibles('ok\rdelete\tall\n', TERMINAL_LAYOUT)).toBe('ok\\u000ddelete\tall\n');
    expect(showInvisibles('ok\rdelete\tall\n', '')).toBe('ok\\u000ddelete\\u0009all\\u000a');
  });

  test('escapes tag characters, separators and lone surrogates one UTF-16 unit at a time, so JSON text keeps its value', () => {
    const value = { note: 'x\u{e0041}\u2028y\ud800z\u0085' };
    const shown = showInvisibles(JSON.stringify(value));
    expect(shown).toBe('{"note":"x\\udb40\\udc41\\u2028y\\ud800z\\u0085"}');
    expect(JSON.parse(shown)).toEqual(value);
  });

  test('leaves ordinary text, accents, emoji and right-to-left scripts as they are', () => {
    const text = 'Grüße, 東京 🚀 שלום مرحبا';
    expect(showInvisibles(text, '')).toBe(text);
  });
});
