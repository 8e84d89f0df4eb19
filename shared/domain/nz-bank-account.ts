/**
 * New Zealand bank account numbers (docs/payments.md "Bank accounts"): parse,
 * normalise and check one the way Inland Revenue's published "bank account number validation" does
 * (RWT and NRWT certificate filing specification, 2020, version 1.0, chapter 8, from the Payments NZ
 * register): the bank must be one of its bank numbers, the branch in that bank's ranges, and the
 * number must pass the check-digit algorithm of its bank (A, B, D, E, F, G or X; C is defined but no
 * bank uses it now).
 *
 * A number is bank (2 digits), branch (4; 3 are padded), account base (7; an 8-digit base with a
 * leading zero is shortened, the checksum counts it as 8) and suffix (2 or 3, kept as written; the
 * 4-digit IRD form with a leading zero is shortened to 3). Dashes, spaces or nothing between them.
 *
 * Pure: the reference data's schema (shared/schemas/payments.ts), the prod-like synth check
 * (infra/stacks/config.ts) and the deposit instructions (web) all use it.
 */

export type NzBankAlgorithm = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'X';

export interface NzBankAccount {
  bank: string;
  branch: string;
  /** 7 digits (8 only when the base really has 8). */
  account: string;
  /** 2 or 3 digits. */
  suffix: string;
  algorithm: NzBankAlgorithm;
  /** `01-0902-0068389-00`: the form the portal stores and shows. */
  formatted: string;
}

export type NzBankAccountCheck = { ok: true; account: NzBankAccount } | { ok: false; reason: string };

/** Each bank number and its branch ranges (IRD 2020 v1.0, table in chapter 8). */
const BRANCHES: Record<string, readonly (readonly [number, number])[]> = {
  '01': [
    [1, 999],
    [1100, 1199],
    [1800, 1899],
  ],
  '02': [
    [1, 999],
    [1200, 1299],
  ],
  '03': [
    [1, 999],
    [1300, 1399],
    [1500, 1599],
    [1700, 1799],
    [1900, 1999],
    [7350, 7399],
  ],
  '04': [[2020, 2024]],
  '06': [
    [1, 999],
    [1400, 1499],
  ],
  '08': [[6500, 6599]],
  '09': [[0, 0]],
  '10': [[5165, 5169]],
  '11': [
    [5000, 6499],
    [6600, 8999],
  ],
  '12': [
    [3000, 3299],
    [3400, 3499],
    [3600, 3699],
  ],
  '13': [[4900, 4999]],
  '14': [[4700, 4799]],
  '15': [[3900, 3999]],
  '16': [[4400, 4499]],
  '17': [[3300, 3399]],
  '18': [[3500, 3599]],
  '19': [[4600, 4649]],
  '20': [[4100, 4199]],
  '21': [[4800, 4899]],
  '22': [[4000, 4049]],
  '23': [[3700, 3799]],
  '24': [[4300, 4349]],
  '25': [[2500, 2599]],
  '26': [[2600, 2699]],
  '27': [[3800, 3849]],
  '28': [[2100, 2149]],
  '29': [[2150, 2299]],
  '30': [[2900, 2949]],
  '31': [[2800, 2849]],
  '33': [[6700, 6799]],
  '35': [[2400, 2499]],
  '38': [[9000, 9499]],
};

/** Banks with their own algorithm; every other bank uses A, or B for a base of 00990000 and above. */
const BANK_ALGORITHM: Record<string, NzBankAlgorithm> = {
  '08': 'D',
  '09': 'E',
  '25': 'F',
  '33': 'F',
  '26': 'G',
  '28': 'G',
  '29': 'G',
  '31': 'X',
};

/** The weights of the 18 digits (bank 2, branch 4, base 8, suffix 4) and the modulus. */
const WEIGHTS: Record<NzBankAlgorithm, { weights: readonly number[]; modulus: number }> = {
  A: { weights: [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11 },
  B: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11 },
  C: { weights: [3, 7, 0, 0, 0, 0, 9, 1, 10, 5, 3, 4, 2, 1, 0, 0, 0, 0], modulus: 11 },
  D: { weights: [0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0], modulus: 11 },
  E: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 0, 0, 0, 1], modulus: 11 },
  F: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 7, 3, 1, 7, 3, 1, 0, 0, 0, 0], modulus: 10 },
  G: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 1, 3, 7, 1, 0, 3, 7, 1], modulus: 10 },
  X: { weights: Array<number>(18).fill(0), modulus: 1 },
};

/** The names of the banks people know, by bank number (where known; else the reference data's). */
const BANK_NAMES: Record<string, string> = {
  '01': 'ANZ',
  '02': 'BNZ',
  '03': 'Westpac',
  '06': 'ANZ',
  '11': 'ANZ',
  '12': 'ASB',
  '15': 'TSB',
  '38': 'Kiwibank',
};

export const nzBankName = (bank: string): string | undefined => BANK_NAMES[bank];

/** The algorithm of a bank and 8-digit base (IRD: A below 00990000, B from it, unless the bank has its own). */
export const nzBankAlgorithm = (bank: string, base8: string): NzBankAlgorithm =>
  BANK_ALGORITHM[bank] ?? (base8 < '00990000' ? 'A' : 'B');

/** Adds a product's digits, twice (E and G: 49 → 13 → 4). */
const digitSum = (n: number): number => {
  const once = Math.floor(n / 10) + (n % 10);
  return Math.floor(once / 10) + (once % 10);
};

/** Whether 18 digits (bank 2, branch 4, base 8, suffix 4) pass the algorithm's check. */
export function nzBankChecksumOk(digits18: string, algorithm: NzBankAlgorithm): boolean {
  if (!/^\d{18}$/.test(digits18)) return false;
  const { weights, modulus } = WEIGHTS[algorithm];
  const sumDigits = algorithm === 'E' || algorithm === 'G';
  let sum = 0;
  for (let i = 0; i < 18; i++) {
    const product = Number(digits18[i]) * weights[i]!;
    sum += sumDigits ? digitSum(product) : product;
  }
  return sum % modulus === 0;
}

const FORMAT_REASON = 'Write it as bank-branch-account-suffix, e.g. 12-3456-7890123-00';

/** The four parts as written (3- or 4-digit branch, 7- or 8-digit base, 2- to 4-digit suffix), or undefined. */
function partsOf(text: string): [string, string, string, string] | undefined {
  const t = text.trim();
  const separated = /^(\d{2})[\s-]+(\d{3,4})[\s-]+(\d{7,8})[\s-]+(\d{2,4})$/.exec(t);
  if (separated) return [separated[1]!, separated[2]!, separated[3]!, separated[4]!];
  // Digits only: 15 (suffix 2), 16 (suffix 3) or the IRD's 18 (base 8, suffix 4).
  if (/^\d{15,16}$/.test(t)) return [t.slice(0, 2), t.slice(2, 6), t.slice(6, 13), t.slice(13)];
  if (/^\d{18}$/.test(t)) return [t.slice(0, 2), t.slice(2, 6), t.slice(6, 14), t.slice(14)];
  return undefined;
}

/**
 * Parses and checks an NZ bank account number. Not ok: the reason, in words a council's
 * administrator can act on (the format, an unknown bank, a branch outside its bank's ranges, the
 * check digits).
 */
export function checkNzBankAccount(text: string): NzBankAccountCheck {
  const parts = partsOf(text);
  if (!parts) return { ok: false, reason: FORMAT_REASON };
  const [bank, branchRaw, baseRaw, suffixRaw] = parts;
  const branch = branchRaw.padStart(4, '0');
  const base8 = baseRaw.padStart(8, '0');
  if (suffixRaw.length === 4 && suffixRaw[0] !== '0') return { ok: false, reason: FORMAT_REASON };
  const suffix = suffixRaw.length === 4 ? suffixRaw.slice(1) : suffixRaw;
  const ranges = BRANCHES[bank];
  if (!ranges) return { ok: false, reason: `Bank ${bank} is not a New Zealand bank number` };
  const b = Number(branch);
  if (!ranges.some(([lo, hi]) => b >= lo && b <= hi))
    return { ok: false, reason: `Branch ${branch} is not a branch of bank ${bank}` };
  const algorithm = nzBankAlgorithm(bank, base8);
  if (!nzBankChecksumOk(bank + branch + base8 + suffix.padStart(4, '0'), algorithm))
    return {
      ok: false,
      reason: `The check digits do not match (algorithm ${algorithm}): not an account of bank ${bank}; check each digit`,
    };
  const account = base8.startsWith('0') ? base8.slice(1) : base8;
  return {
    ok: true,
    account: {
      bank,
      branch,
      account,
      suffix,
      algorithm,
      formatted: `${bank}-${branch}-${account}-${suffix}`,
    },
  };
}

/**
 * A placeholder: the all-zero bank and branch (`00-0000-…`), which no bank has, so no money can
 * reach anyone through it. The demo data's deposit accounts are these until each council gives its
 * own; a prod-like stage refuses them (infra/stacks/config.ts).
 */
export const isPlaceholderNzBankAccount = (text: string): boolean => {
  const parts = partsOf(text);
  return !!parts && parts[0] === '00' && Number(parts[1]) === 0;
};

/** The number in the portal's form when it is a valid one, else as written (trimmed). */
export const formatNzBankAccount = (text: string): string => {
  const r = checkNzBankAccount(text);
  return r.ok ? r.account.formatted : text.trim();
};
