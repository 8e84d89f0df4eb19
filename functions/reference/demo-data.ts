import type { AuthorityPaymentOptions } from '../../shared/schemas/payments.js';
import type { ReferenceData } from './reference-data.js';
import { isPlaceholderNzBankAccount } from '../../shared/domain/nz-bank-account.js';

/**
 * Demo and placeholder reference data (docs/reference-data.md): what a local stack and test stages show,
 * never a prod-like stage. CDK sets `DEMO_DATA` on every function: `excluded` in a prod-like stage
 * (infra/stacks/config.ts), `included` elsewhere; unset (the local stack, tests) counts as included,
 * except for the deploy-time reference loader, which loads demo data only when told `included`.
 *
 * - the demo authority (an independent BCA that exists only for the demo) and its logo;
 * - the demo user grants: any grant to a demo authority or for an address of a demo domain;
 * - placeholder bank accounts: a deposit option whose account number has the all-zero bank and
 *   branch (`00-0000-…`, shared/reference/payment-options.json until each council gives its own).
 */
export type DemoDataMode = 'included' | 'excluded';

export const DEMO_AUTHORITY_IDS: readonly string[] = ['demo-ibca'];
/** Mail domains of the demo people (infra/local/demo); `example.*` domains are never real ones. */
const DEMO_EMAIL_DOMAIN = /@(?:demo\.consent\.nz|(?:[a-z0-9-]+\.)*example\.(?:nz|com|org|net))$/i;

/** What the environment asks for: `excluded` only when DEMO_DATA says so. */
export const demoDataMode = (env: NodeJS.ProcessEnv = process.env): DemoDataMode =>
  env.DEMO_DATA === 'excluded' ? 'excluded' : 'included';

export const isDemoAuthority = (authorityId: string): boolean => DEMO_AUTHORITY_IDS.includes(authorityId);

export const isDemoGrant = (g: { email: string; authorityId: string }): boolean =>
  isDemoAuthority(g.authorityId) || DEMO_EMAIL_DOMAIN.test(g.email.trim());

/**
 * An NZ account number with the all-zero bank and branch: a placeholder, not an account
 * (shared/domain/nz-bank-account.ts). A prod-like synth refuses them (infra/stacks/config.ts); this
 * leaves them out at run time as well.
 */
export const isPlaceholderAccount = isPlaceholderNzBankAccount;

/** The reference data without the demo authority, its images and the demo grants. */
export function withoutDemoData(data: ReferenceData): ReferenceData {
  const authorities = data.authorities.filter((a) => !isDemoAuthority(a.id));
  const demoImages = new Set(
    data.authorities.filter((a) => isDemoAuthority(a.id) && a.imageId).map((a) => a.imageId!),
  );
  // An image another authority or a form still names stays.
  for (const a of authorities) if (a.imageId) demoImages.delete(a.imageId);
  for (const f of data.forms) if (f.imageId) demoImages.delete(f.imageId);
  return {
    ...data,
    authorities,
    images: data.images.filter((i) => !demoImages.has(i.id)),
    userAuthorities: data.userAuthorities.filter((g) => !isDemoGrant(g)),
  };
}

/** What of `data` is demo data (empty when none): the loader refuses to load any in a prod-like stage. */
export function demoDataIn(data: ReferenceData): string[] {
  return [
    ...data.authorities.filter((a) => isDemoAuthority(a.id)).map((a) => `authority ${a.id}`),
    ...data.userAuthorities
      .filter(isDemoGrant)
      .map((g) => `user-authority grant of ${g.authorityId} to a demo address`),
  ];
}

/** Each authority's payment options without a deposit option whose bank account is a placeholder. */
export function withoutPlaceholderAccounts(
  options: Record<string, AuthorityPaymentOptions>,
): Record<string, AuthorityPaymentOptions> {
  return Object.fromEntries(
    Object.entries(options).map(([id, o]) => {
      if (!o.deposit || !isPlaceholderAccount(o.deposit.accountNumber)) return [id, o];
      const { deposit: _placeholder, ...rest } = o;
      return [id, rest];
    }),
  );
}
