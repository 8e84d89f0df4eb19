import { describe, expect, it } from 'vitest';
import {
  MAX_DEPTH,
  sanitiseData,
  sanitiseStepData,
  sanitiseString,
} from '../../../../functions/applications/service/sanitise.js';

describe('sanitiseString', () => {
  it.each([
    ['5 < 6', '5 < 6'],
    ['x > y && y < z', 'x > y && y < z'],
    ['1<2 and 3>2', '1<2 and 3>2'],
    ['a<3 forever', 'a<3 forever'],
    ['Tom & Jerry', 'Tom & Jerry'],
    ['only=5 and once=2', 'only=5 and once=2'],
    ['B1/AS1, NZS 3604:2011', 'B1/AS1, NZS 3604:2011'],
    ['Deck: 3.2m x 4m (approx.)', 'Deck: 3.2m x 4m (approx.)'],
    ['   spaced   ', '   spaced   '],
    ['', ''],
  ])('keeps plain text %j', (input, expected) => {
    expect(sanitiseString(input)).toBe(expected);
  });

  it.each([
    ['<script>alert(1)</script>hi', 'hi'],
    ['before<SCRIPT type="text/javascript">document.cookie</SCRIPT>after', 'beforeafter'],
    ['<script>never closed', ''],
    ['a <scr<script>ipt>alert(1)</script> b', 'a <scr b'], // an unclosed '<scr' is inert text
    ['<<script>script>alert(1)<</script>/script>', ''],
    ['<style>body{display:none}</style>text', 'text'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<b>bold</b> and <i>italic</i>', 'bold and italic'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="x" onerror="alert(\'>\')">after', 'after'],
    ['<a href="javascript:alert(1)">click</a>', 'click'],
    ['<svg onload=alert(1)>', ''],
    ['<!-- hidden -->visible', 'visible'],
    ['<!DOCTYPE html>doc', 'doc'],
    ['<?php echo 1; ?>php', 'php'],
  ])('strips markup from %j', (input, expected) => {
    expect(sanitiseString(input)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)', 'alert(1)'],
    ['JavaScript :alert(1)', 'alert(1)'],
    ['java\tscript:alert(1)', 'alert(1)'],
    ['jav\u0000ascript:alert(1)', 'alert(1)'],
    ['javascript&colon;alert(1)', 'alert(1)'],
    ['javascript&#58;alert(1)', 'alert(1)'],
    ['vbscript:msgbox', 'msgbox'],
    ['see data:text/html,<b>x</b>', 'see ,x'],
    ['javajavascript:script:alert(1)', 'alert(1)'],
  ])('removes dangerous URL schemes from %j', (input, expected) => {
    expect(sanitiseString(input)).toBe(expected);
  });

  it.each([
    ['x onerror=alert(1) y', 'x  y'],
    ['x onclick = "steal()" y', 'x  y'],
    ["x onMouseOver='a()' y", 'x  y'],
    ['onload=go()', ''],
  ])('removes event-handler attributes written as text from %j', (input, expected) => {
    expect(sanitiseString(input)).toBe(expected);
  });

  it('never leaves a script tag, whatever the nesting', () => {
    const attacks = [
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<<SCRIPT>alert("XSS");//<</SCRIPT>',
      '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
      '<BODY ONLOAD=alert(1)>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<div style="background:url(javascript:alert(1))">x</div>',
    ];
    for (const a of attacks) {
      const out = sanitiseString(a);
      expect(out).not.toMatch(/<\s*script/i);
      expect(out).not.toMatch(/javascript\s*:/i);
      expect(out).not.toMatch(/\bon(load|error|click)\s*=/i);
      expect(out).not.toMatch(/<[a-z]/i);
    }
  });
});

describe('sanitiseData', () => {
  it('cleans every string at any depth and keeps other values', () => {
    const input = {
      buildingWorkDescription: 'New deck <script>alert(1)</script>with 5 < 6 posts',
      estimatedValue: 25000,
      pimRequested: 'yes',
      flag: true,
      nothing: null,
      workType: { newBuilding: true, alteration: false },
      practitioners: [
        { name: '<b>Jane</b> Doe', lbpNumber: 'BP123456', notes: ['<img src=x onerror=alert(1)>ok'] },
      ],
    };
    expect(sanitiseStepData(input)).toEqual({
      buildingWorkDescription: 'New deck with 5 < 6 posts',
      estimatedValue: 25000,
      pimRequested: 'yes',
      flag: true,
      nothing: null,
      workType: { newBuilding: true, alteration: false },
      practitioners: [{ name: 'Jane Doe', lbpNumber: 'BP123456', notes: ['ok'] }],
    });
  });

  it('does not change its input', () => {
    const input = { a: '<b>x</b>', nested: { b: ['<i>y</i>'] } };
    const copy = structuredClone(input);
    sanitiseData(input);
    expect(input).toEqual(copy);
  });

  it('sanitises keys and drops keys that vanish or could pollute prototypes', () => {
    const input = JSON.parse('{"<b>k</b>":"v","<script>x</script>":"gone","__proto__":{"polluted":true}}');
    const out = sanitiseData(input) as Record<string, unknown>;
    expect(out).toEqual({ k: 'v' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('drops values nested deeper than MAX_DEPTH', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_DEPTH + 2; i++) deep = { d: deep };
    const out = JSON.stringify(sanitiseData(deep));
    expect(out).not.toContain('leaf');
  });
});
