import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentLines, fingerprint, fingerprintText } from './fingerprint.ts';
import type { Category, Range } from './types.ts';

const finding = (location: Range, category: Category = 'security', message = 'm', rule_id = 'CGD001') => ({ rule_id, category, message, location });
const at = (start_line: number, start_column: number, end_line: number, end_column: number): Range => ({ start_line, start_column, end_line, end_column });

describe('finding fingerprints', () => {
  it('hash the range\'s text, whitespace-normalised, over lines too', () => {
    const a = contentLines('FROM x\nRUN a \\\n    b\n');
    const b = contentLines('# moved\n\nFROM x\r\nRUN   a \\\r\n  b\r\n');
    assert.equal(fingerprint(finding(at(2, 1, 3, 6)), 'Dockerfile', a), fingerprint(finding(at(4, 1, 5, 4)), 'Dockerfile', b));
    assert.notEqual(fingerprint(finding(at(2, 1, 3, 6)), 'Dockerfile', a), fingerprint(finding(at(2, 1, 3, 5)), 'Dockerfile', a), 'other text');
    assert.notEqual(fingerprint(finding(at(2, 1, 3, 6)), 'Dockerfile', a), fingerprint(finding(at(2, 1, 3, 6)), 'api/Dockerfile', a), 'other file');
    assert.notEqual(fingerprint(finding(at(2, 1, 3, 6)), 'Dockerfile', a), fingerprint(finding(at(2, 1, 3, 6), 'security', 'm', 'CGD002'), 'Dockerfile', a), 'other rule');
    assert.match(fingerprint(finding(at(1, 1, 1, 1)), 'Dockerfile', a), /^[0-9a-f]{32}$/);
  });
  it('hash no part of a secret\'s text: only its message, digits removed', () => {
    assert.equal(fingerprintText(finding(at(1, 1, 1, 1), 'secrets', 'ENV "A" at line 3'), 'ENV A=hunter2'), 'secret\0ENV "A" at line ');
    assert.equal(fingerprintText(finding(at(1, 1, 1, 1), 'secrets', 'x'), 'a'), fingerprintText(finding(at(1, 1, 1, 1), 'secrets', 'x'), 'completely different'));
    assert.equal(fingerprintText(finding(at(1, 1, 1, 1)), '  RUN   a\n b '), 'RUN a b');
  });
});
