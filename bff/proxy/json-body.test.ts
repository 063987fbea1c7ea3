import { describe, expect, it } from 'vitest';
import { jsonShapeProblem } from './json-body';

describe('jsonShapeProblem', () => {
  it.each([
    ['{}', undefined],
    ['{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}', undefined],
    ['{"a":"{\\"a\\":1,\\"a\\":2}"}', undefined],
    ['{"a":"x","b":"a","a\\"":1}', undefined],
    ['[1,{"a":1},{"a":1}]', undefined],
    ['{"a":1,"a":2}', 'duplicate-key'],
    ['{"a":1, "b":{"c":1,"c":1}}', 'duplicate-key'],
    ['{"a":{"x":1},"a":2}', 'duplicate-key'],
    ['{"\\u0061":1,"a":2}', 'duplicate-key'],
    ['[{"a":1,"b":2,"a":3}]', 'duplicate-key'],
  ])('%s: %s', (text, problem) => {
    expect(jsonShapeProblem(text)).toBe(problem);
  });

  it('caps the depth, arrays and objects alike, without recursion', () => {
    expect(jsonShapeProblem(`${'['.repeat(16)}${']'.repeat(16)}`)).toBeUndefined();
    expect(jsonShapeProblem(`${'['.repeat(17)}${']'.repeat(17)}`)).toBe('too-deep');
    expect(jsonShapeProblem(`${'{"a":'.repeat(17)}1${'}'.repeat(17)}`)).toBe('too-deep');
    expect(jsonShapeProblem('['.repeat(1_000_000))).toBe('too-deep');
  });

  it('refuses a key JSON.parse cannot read, and leaves other text that is not JSON to the parser', () => {
    expect(jsonShapeProblem('{"a')).toBe('bad-key');
    expect(jsonShapeProblem('{"a\\')).toBe('bad-key');
    expect(jsonShapeProblem('{"\\u00zz":1}')).toBe('bad-key');
    expect(jsonShapeProblem('}}]]')).toBeUndefined();
    expect(jsonShapeProblem('{"a":1,}')).toBeUndefined();
  });
});
