/**
 * The sanitiser against known filter-evasion payloads (in the style of the OWASP XSS filter evasion
 * cheat sheet) and against adversarial inputs built to make a backtracking sanitiser quadratic
 * (docs/applications.md: 256 KB of `<!` took 17 s). No wall-clock assertion: the 1 MB inputs finish within the
 * test's own timeout only when the sanitiser is linear (the regexes before needed minutes).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PASSES, sanitiseString } from '../../../../functions/applications/service/sanitise.js';

/** Numeric and the few named references a browser would decode inside a URL. */
function decodeReferences(s: string): string {
  return s
    .replace(/&#x([0-9a-f]{1,8});?/gi, (_, h: string) =>
      String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)),
    )
    .replace(/&#(\d{1,8});?/g, (_, d: string) => String.fromCodePoint(Math.min(parseInt(d, 10), 0x10ffff)))
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&colon;/gi, ':')
    .replace(/&sol;/gi, '/');
}

/** What must never be in a sanitised string. */
function dangers(out: string): string[] {
  const found: string[] = [];
  if (/<\/?[a-z][^>]*>/i.test(out)) found.push('a closed tag');
  if (/<[!?][^>]*>/.test(out) || out.includes('<!--')) found.push('a comment or declaration');
  if (/<\s*\/?\s*(script|style|iframe|object|embed|template|noscript|xmp)\b/i.test(out))
    found.push('a dangerous element');
  // Browsers ignore whitespace and control characters inside a scheme.
  const squeezed = [...decodeReferences(out)]
    .filter((ch) => ch.charCodeAt(0) > 0x20 && !/\s/.test(ch))
    .join('')
    .toLowerCase();
  if (/(java|vb|live)script:|data:text\/html/.test(squeezed)) found.push('a dangerous scheme');
  if (/\bon[a-z]+\s*=/i.test(out)) found.push('an event handler');
  return found;
}

const evasions: string[] = [
  // Script elements, however spelled.
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script >alert(1)</script >',
  '< script>alert(1)</ script>',
  '<script\n>alert(1)</script\n>',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT/SRC="https://xss.example/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//xss.example/.j>',
  '<SCRIPT>a=/XSS/\nalert(a.source)</SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<scr<!-- x -->ipt>alert(1)</script>',
  '<scr<b>ipt>alert(1)</scr</b>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<script<script>>alert(1)</script</script>>',
  '<SCRIPT a=">" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT "a=\'>\'" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  // Images and handlers.
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<svg/onload=alert(1)>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  'x" onmouseover="alert(1)" y="',
  "' onfocus='alert(1)' autofocus '",
  'text ONERROR = alert(1) more',
  // Schemes in text, encoded and split.
  'javascript:alert(1)',
  'javas&#99;ript:alert(1)',
  'jav&Tab;ascript:alert(1)',
  'jav&NewLine;ascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\u0000script:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
  '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  'javascript&#x3a;alert(1)',
  ' &#14;  javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javajavascript:script:alert(1)',
  'jajavascript:vajavascript:script:alert(1)',
  'vbscript:msgbox("XSS")',
  'livescript:[code]',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA : TEXT / HTML,<script>alert(1)</script>',
  // Other elements and markup.
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2Zz4=" type="image/svg+xml"></EMBED>',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
  '<![CDATA[<script>alert(1)</script>]]>',
  "<? echo('<SCR)'; echo('IPT>alert(\"XSS\")</SCRIPT>'); ?>",
  '<?xml version="1.0"?><script>alert(1)</script>',
  '<!DOCTYPE html><script>alert(1)</script>',
  '<a href="x" title="<script>">y</a>',
  '<<a>a href="javascript:alert(1)">x</a>',
];

describe('sanitiseString against filter-evasion payloads', () => {
  it('has a corpus of at least 40 payloads', () => {
    expect(evasions.length).toBeGreaterThanOrEqual(40);
  });

  it.each(evasions)('leaves nothing dangerous of %j', (payload) => {
    const out = sanitiseString(payload);
    expect(dangers(out), JSON.stringify(out)).toEqual([]);
    // Sanitising again changes nothing: what is saved is stable.
    expect(sanitiseString(out)).toBe(out);
  });

  it.each([
    '5 < 6',
    'a<3',
    'R&D',
    'x > y',
    'x > y && y < z',
    'Tom & Jerry, AT&T and R&amp;D',
    'height <approx 3m',
    'if a < b and c > d then',
    '<3 and <= 5 and >= 2 and <- arrows ->',
    'Deck 🏡 with 🌿 planting 👍',
    'Māori: whare, Tāmaki Makaurau, Ōtautahi, kōrero, ū, ī, ē',
    'Ngā mihi — “quotes” ‘single’ – dashes…',
    'Only on Monday: onsite=yes; online = later; one=1',
    'data: 12 m², javas is a file, script: none',
    'Email me at jane@example.nz; see https://example.nz/a?b=c&d=e#f',
    'Path C:\\Users\\jane\\plans.pdf',
    '&lt;script&gt; stays as typed',
    'line one\nline two\r\n\ttabbed',
    'B1/AS1, NZS 3604:2011',
  ])('keeps plain text %j unchanged', (text) => {
    expect(sanitiseString(text)).toBe(text);
  });
});

describe('sanitiseString on adversarial inputs of 1 MB', () => {
  const MB = 1024 * 1024;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

  it.each([
    ['<! repeated', '<!'],
    ['<a repeated', '<a'],
    ['<script repeated', '<script'],
    ['<a " repeated', '<a "'],
    ['quotes inside tags', `<a x='<b "`],
    ['javascript: split by tabs', 'java\tscript'],
    ['unterminated references', 'j&#0000000'],
    ['<!-- repeated', '<!--'],
    ['<? repeated', '<?'],
    ['on… repeated', ' onclick'],
    ['nested tag openers', '<scr'],
  ])('sanitises %s', (_, unit) => {
    const out = sanitiseString(fill(unit));
    expect(dangers(out.slice(0, 4096))).toEqual([]);
  });

  it('neutralises markup nested deeper than the pass limit', () => {
    const depth = MAX_PASSES * 4;
    const nested = '<'.repeat(depth) + 'b>'.repeat(depth) + 'ok';
    const out = sanitiseString(nested);
    expect(out).not.toContain('<');
    expect(out.endsWith('ok')).toBe(true);
    const scheme = 'ja'.repeat(depth) + 'javascript:' + 'vascript:'.repeat(depth) + 'alert(1)';
    expect(dangers(sanitiseString(scheme))).toEqual([]);
  });
});
