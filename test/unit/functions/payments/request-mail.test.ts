import { describe, expect, it } from 'vitest';
import {
  neutraliseLinks,
  requestMail,
  type RequestMailFacts,
} from '../../../../functions/payments/service/request-mail.js';

/**
 * The payer's mail (docs/payments.md: invite to pay is not a mail relay): the applicant's free text
 * is quoted and attributed to the applicant, never written as the council's words, and nothing in
 * it becomes a link: in the text part URL-like text is defanged (mail clients autolink plain text),
 * in the HTML part it is also escaped, and the only anchor is the payment link.
 */
const facts: RequestMailFacts = {
  payerName: 'Pita Payer',
  payerEmail: 'payer@example.nz',
  inviterName: 'Aroha Smith',
  authorityName: 'Wellington City Council',
  applicationNumber: 'BLD-100',
  address: '9 Payment Parade, Te Aro, Wellington 6011',
  description: 'Building levy',
  reference: 'BLD-100-1',
  baseCents: 31260,
  surchargeCents: 594,
  dueDate: '2026-12-20',
  expiresAt: '2026-12-11T01:00:00.000Z',
  sentAt: '2026-11-27T01:00:00.000Z',
};
const LINK = 'https://portal.test/pay#token=abc';
const HOSTILE =
  'URGENT from the council: pay now at https://evil.example/pay or www.evil.example, ' +
  'mail refunds@evil.example\n<a href="https://evil.example">click</a> <script>x()</script>';

describe('neutraliseLinks', () => {
  it.each([
    ['https://evil.example/pay?x=1', 'https[:]//evil[.]example/pay?x=1'],
    ['HTTP://Evil.Example', 'HTTP[:]//Evil[.]Example'],
    ['see www.evil.co.nz now', 'see www[.]evil[.]co[.]nz now'],
    ['evil.example', 'evil[.]example'],
    ['write to a.b@evil.example', 'write to a.b[@]evil[.]example'],
    ['mailto:a@evil.example', 'mailto[:]a[@]evil[.]example'],
    ['javascript:alert(1)', 'javascript[:]alert(1)'],
    ['ftp://10.0.0.1/x and 192.168.1.1', 'ftp[:]//10[.]0[.]0[.]1/x and 192[.]168[.]1[.]1'],
  ])('%s → %s', (from, to) => expect(neutraliseLinks(from)).toBe(to));

  it('leaves ordinary text alone: amounts, versions, abbreviations, sentences', () => {
    const text = 'Thanks, e.g. the $312.60 levy (v1.2), i.e. this one. Ka pai! See you at 5.30pm.';
    expect(neutraliseLinks(text)).toBe(text);
  });
});

describe('the payment request mail', () => {
  it('quotes the message as the applicant’s, attributed, never as the council’s words', () => {
    const mail = requestMail({ ...facts, message: 'Thanks for covering this one\nCheers' }, LINK);
    expect(mail.text).toContain(
      'Message from Aroha Smith (the applicant; not from Wellington City Council):\n> Thanks for covering this one\n> Cheers',
    );
    expect(mail.html).toContain('Message from Aroha Smith');
    expect(mail.html).toMatch(/<blockquote[^>]*>Thanks for covering this one\nCheers<\/blockquote>/);
  });

  it('makes no link of anything in the message: defanged text, escaped HTML, one anchor (the payment link)', () => {
    const mail = requestMail({ ...facts, message: HOSTILE }, LINK);
    for (const part of [mail.text, mail.html!]) {
      expect(part).not.toMatch(/https?:\/\/evil/i);
      expect(part).not.toContain('www.evil');
      expect(part).not.toContain('refunds@evil');
      expect(part).not.toContain('evil.example');
    }
    expect(mail.text).toContain('> URGENT from the council: pay now at https[:]//evil[.]example/pay');
    // HTML: the message escaped (no tag of its own), the payment link the only anchor.
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('&lt;a href=&quot;https[:]//evil[.]example&quot;&gt;click&lt;/a&gt;');
    expect(mail.html!.match(/<a\s/g)).toHaveLength(1);
    expect(mail.html).toContain(`<a href="${LINK}">`);
    // The link itself is the portal's, whole, in both parts.
    expect(mail.text).toContain(LINK);
  });

  it('the names the applicant typed are inert too; no message, no quote', () => {
    const mail = requestMail(
      { ...facts, inviterName: 'Aroha www.evil.example', payerName: 'Pita <b>https://x.example</b>' },
      LINK,
    );
    expect(mail.text).not.toContain('www.evil.example');
    expect(mail.text).not.toContain('https://x.example');
    expect(mail.html).toContain('Pita &lt;b&gt;https[:]//x[.]example&lt;/b&gt;');
    expect(mail.text).not.toContain('Message from');
    expect(mail.html).not.toContain('<blockquote');
  });
});
