import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { _duplicateJsonKeys, _isSameJsonText, _keepsEveryJsonMember, _offsetOfJsonPath } from './json-check.ts';

const duplicates = (text: string) =>
  _duplicateJsonKeys(text, 0, text.length).map(({ key, offset, parentKey }) => ({ key, offset, parentKey }));

describe('_duplicateJsonKeys', () => {
  it('finds a key its object repeats, at the later one', () => {
    const text = '{"a": 1, "b": {"a": 2}, "a": 3}';
    expect(duplicates(text)).toEqual([{ key: 'a', offset: text.lastIndexOf('"a"'), parentKey: null }]);
  });

  it('names the key of the object holding the repeat', () => {
    const text = '{"percentile": {"1.000000": 5, "0.00": 0, "0.00": 0}}';
    expect(duplicates(text)).toEqual([{ key: '0.00', offset: text.lastIndexOf('"0.00"'), parentKey: 'percentile' }]);
  });

  it('tells keys of sibling objects, arrays and strings apart', () => {
    expect(duplicates('{"jobs": [{"read": {}, "x": "}{]["}, {"read": {"a": [1, {"a": 2}]}}]}')).toEqual([]);
    expect(duplicates('{"a": "\\"a\\": 1", "b": "{"}')).toEqual([]);
  });

  it('finds number keys repeated out of order, and keeps "1.0" and "1.00" apart', () => {
    const text = '{"bins": {"2": 1, "4": 1, "8": 1, "4": 2}, "p": {"1.0": 1, "1.00": 2, "0.5": 3}}';
    expect(duplicates(text)).toEqual([{ key: '4', offset: text.lastIndexOf('"4"'), parentKey: 'bins' }]);
  });

  it('decodes escaped keys before comparing them', () => {
    const text = '{"a\\u0062": 1, "ab": 2}';
    expect(duplicates(text)).toEqual([{ key: 'ab', offset: text.indexOf('"ab"'), parentKey: null }]);
  });

  it('agrees with a count of JSON.parse keys on any JSON object', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', '1', '2', '10', '1.5', 'x"y', '{'), fc.jsonValue())),
        (members) => {
          const text = `{${members.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')}}`;
          const topLevel = _duplicateJsonKeys(text, 0, text.length).filter((d) => d.parentKey === null);
          expect(topLevel.length).toBe(members.length - Object.keys(JSON.parse(text)).length);
        },
      ),
    );
  });
});

describe('_keepsEveryJsonMember', () => {
  it('is true only for texts without a repeated key, on any JSON object', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b:c', '1', '\\u003a', 'x"y'), fc.jsonValue())), (members) => {
        const text = `{${members.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')}}`;
        const value = JSON.parse(text);
        if (_keepsEveryJsonMember(text, 0, text.length, value)) {
          expect(_duplicateJsonKeys(text, 0, text.length)).toEqual([]);
        }
      }),
    );
  });

  it('is false for a repeated key, and for more keys than it is asked to count', () => {
    const text = '{"time": "20:31:22", "a": {"b": 1, "b": 2}}';
    expect(_keepsEveryJsonMember(text, 0, text.length, JSON.parse(text))).toBe(false);
    const whole = '{"time": "20:31:22", "a": {"b": 1, "c": 2}}';
    expect(_keepsEveryJsonMember(whole, 0, whole.length, JSON.parse(whole))).toBe(true);
    expect(_keepsEveryJsonMember(whole, 0, whole.length, JSON.parse(whole), 2)).toBe(false);
  });
});

describe('_offsetOfJsonPath', () => {
  it('finds a value by keys and indices, the last of a repeated key, and a key itself', () => {
    const text = '{"jobs": [{"a": 1}, {"read": {"iops": 5, "iops": 6}}]}';
    expect(_offsetOfJsonPath(text, 0, ['jobs', 1, 'read', 'iops'])).toBe(text.indexOf('6'));
    expect(_offsetOfJsonPath(text, 0, ['jobs', 1, 'read', 'iops'], true)).toBe(text.lastIndexOf('"iops"'));
    expect(_offsetOfJsonPath(text, 0, ['jobs', 5])).toBe(text.indexOf('['));
  });
});

describe('_isSameJsonText', () => {
  it('is true for the same document laid out otherwise, false for another figure or spacing in a string', () => {
    const a = '{"a": [1, 2], "b": "x y"}';
    const b = '{\n\t"a" : [ 1,2 ],\n\t"b" : "x y"\n}';
    const text = `${a}\n${b}`;
    expect(_isSameJsonText(text, 0, a.length, a.length + 1, text.length)).toBe(true);
    const c = '{"a": [1, 3], "b": "x y"}';
    expect(_isSameJsonText(`${a}${c}`, 0, a.length, a.length, a.length + c.length)).toBe(false);
    const d = '{"a": [1, 2], "b": "x  y"}';
    expect(_isSameJsonText(`${a}${d}`, 0, a.length, a.length, a.length + d.length)).toBe(false);
  });
});
