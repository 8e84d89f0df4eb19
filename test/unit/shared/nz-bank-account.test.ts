/**
 * docs/payments.md: an NZ bank account number checked as IRD's published validation does (bank,
 * branch range, check digits by algorithm). The sums in the comments are worked by hand, so a test
 * does not only repeat the code.
 */
import { describe, expect, it } from 'vitest';
import {
  checkNzBankAccount,
  formatNzBankAccount,
  isPlaceholderNzBankAccount,
  nzBankAlgorithm,
  nzBankChecksumOk,
  nzBankName,
} from '../../../shared/domain/nz-bank-account.js';

const valid = (text: string) => {
  const r = checkNzBankAccount(text);
  if (!r.ok) throw new Error(`${text}: ${r.reason}`);
  return r.account;
};
const reason = (text: string) => {
  const r = checkNzBankAccount(text);
  return r.ok ? undefined : r.reason;
};

describe('the published worked examples', () => {
  it('01-902-0068389-00 (algorithm A: 27+18 + 30+64+12+16+9 = 176 = 11×16)', () => {
    expect(valid('01-902-0068389-00')).toEqual({
      bank: '01',
      branch: '0902',
      account: '0068389',
      suffix: '00',
      algorithm: 'A',
      formatted: '01-0902-0068389-00',
    });
  });

  it('08-6523-1954512-001 (algorithm D: 7+54+25+16+15+2+2 = 121 = 11×11)', () => {
    expect(valid('08-6523-1954512-001')).toMatchObject({ algorithm: 'D', formatted: '08-6523-1954512-001' });
  });

  it('26-2600-0320871-032 (algorithm G, digits of each product added twice: 9+5+6+4+1 + 3+2 = 30)', () => {
    expect(valid('26-2600-0320871-032')).toMatchObject({ algorithm: 'G', formatted: '26-2600-0320871-032' });
  });
});

describe('each algorithm', () => {
  it('A for a base below 0990000; B from it (only the base counts: 90+45+8 = 143 = 11×13)', () => {
    expect(nzBankAlgorithm('01', '00989999')).toBe('A');
    expect(nzBankAlgorithm('01', '00990000')).toBe('B');
    expect(valid('01-0902-0990008-00').algorithm).toBe('B');
    // Under A the branch would add 45 (188, not a multiple of 11): B is what makes it valid.
    expect(nzBankChecksumOk('010902009900080000', 'A')).toBe(false);
    expect(reason('01-0902-0990009-00')).toMatch(/check digits do not match \(algorithm B\)/);
  });

  it('C: bank and base weighted (7 + 4 = 11); no bank uses it now', () => {
    expect(nzBankChecksumOk('010000000000040000', 'C')).toBe(true);
    expect(nzBankChecksumOk('010000000000030000', 'C')).toBe(false);
  });

  it('D for bank 08', () => {
    expect(nzBankAlgorithm('08', '01954512')).toBe('D');
    expect(reason('08-6523-1954513-001')).toMatch(/algorithm D/);
  });

  it('E for bank 09: the base and the last suffix digit, digits of products added twice', () => {
    // 0·5 + 1·4 + 2·3 + 3·2 + 6 = 22
    expect(valid('09-0000-0000123-06').algorithm).toBe('E');
    // 9·5=45→9, 8·4=32→5, 7·3=21→3, 6·2=12→3, + 2 = 22 (the plain products would give 112: not valid)
    expect(valid('09-0000-0009876-02').algorithm).toBe('E');
    expect(reason('09-0000-0009876-03')).toMatch(/algorithm E/);
  });

  it('F for banks 25 and 33, modulus 10 (1+14+9+4+35+18+9 = 90)', () => {
    expect(valid('25-2500-1234569-00').algorithm).toBe('F');
    expect(valid('33-6700-1234569-00').algorithm).toBe('F');
    expect(reason('25-2500-1234567-00')).toMatch(/algorithm F/);
  });

  it('G for banks 26, 28 and 29; a wrong suffix fails (the suffix counts in G)', () => {
    expect(nzBankAlgorithm('28', '00000000')).toBe('G');
    expect(nzBankAlgorithm('29', '00000000')).toBe('G');
    expect(reason('26-2600-0320871-033')).toMatch(/algorithm G/);
  });

  it('X for bank 31: any digits in its branch range', () => {
    expect(valid('31-2800-1234567-00').algorithm).toBe('X');
    expect(reason('31-2900-1234567-00')).toBe('Branch 2900 is not a branch of bank 31');
  });
});

describe('refusals, with the reason', () => {
  it('wrong check digits', () => {
    expect(reason('01-902-0068388-00')).toBe(
      'The check digits do not match (algorithm A): not an account of bank 01; check each digit',
    );
  });

  it('a bank number no bank has, and the placeholder (bank 00)', () => {
    expect(reason('07-0001-0000001-00')).toBe('Bank 07 is not a New Zealand bank number');
    expect(reason('00-0000-0000000-00')).toBe('Bank 00 is not a New Zealand bank number');
  });

  it('a branch outside its bank’s ranges', () => {
    expect(reason('01-9999-0068389-00')).toBe('Branch 9999 is not a branch of bank 01');
    expect(reason('12-3300-0000000-00')).toBe('Branch 3300 is not a branch of bank 12');
  });

  it('the wrong shape', () => {
    const shape = 'Write it as bank-branch-account-suffix, e.g. 12-3456-7890123-00';
    for (const bad of [
      '',
      '123',
      '01-902-68389-00',
      '01-0902-0068389-0',
      '01-0902-0068389-1000',
      'ab-cdef-ghijklm-no',
    ])
      expect(reason(bad), bad).toBe(shape);
  });
});

describe('formatting variants', () => {
  it('dashes, spaces or none; 3- or 4-digit branch; 2-, 3- or the IRD’s 4-digit suffix', () => {
    const f = (t: string) => valid(t).formatted;
    expect(f(' 01 0902 0068389 00 ')).toBe('01-0902-0068389-00');
    expect(f('01-0902-0068389-000')).toBe('01-0902-0068389-000');
    expect(f('01 - 902 - 0068389 - 00')).toBe('01-0902-0068389-00');
    expect(f('010902006838900')).toBe('01-0902-0068389-00');
    expect(f('0109020068389000')).toBe('01-0902-0068389-000');
    // The IRD's 18 digits: base 8, suffix 4.
    expect(f('010902000683890000')).toBe('01-0902-0068389-000');
    expect(f('08-6523-01954512-0001')).toBe('08-6523-1954512-001');
  });

  it('formatNzBankAccount: the portal form when valid, else as written', () => {
    expect(formatNzBankAccount('01 902 0068389 00')).toBe('01-0902-0068389-00');
    expect(formatNzBankAccount(' 00-0000-0000000-00 ')).toBe('00-0000-0000000-00');
  });

  it('placeholders: the all-zero bank and branch only', () => {
    expect(isPlaceholderNzBankAccount('00-0000-0000003-00')).toBe(true);
    expect(isPlaceholderNzBankAccount('00 000 0000003 000')).toBe(true);
    expect(isPlaceholderNzBankAccount('01-0902-0068389-00')).toBe(false);
    expect(isPlaceholderNzBankAccount('00-0001-0000003-00')).toBe(false);
  });

  it('the bank’s name where known', () => {
    expect(nzBankName('01')).toBe('ANZ');
    expect(nzBankName('38')).toBe('Kiwibank');
    expect(nzBankName('99')).toBeUndefined();
  });
});
