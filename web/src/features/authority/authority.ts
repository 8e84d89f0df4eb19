import { fullAddressOf } from '../../../../shared/domain/address';
import type { Authority } from '../../../../shared/schemas/reference';

/**
 * What the authority info card needs of an Authority (docs/features.md: displayName, address, email,
 * phone, website): the reference data's Authority, or any part of it with the display name.
 */
export type AuthorityInfo = Pick<Authority, 'displayName'> &
  Partial<Pick<Authority, 'address' | 'email' | 'phone' | 'website'>>;

/** `tel:` target of a phone number: digits and a leading + only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** Only http(s) websites become links (a stored value never becomes a javascript: URL). */
export function safeWebsite(website: string | null | undefined): string | undefined {
  if (!website) return undefined;
  try {
    const url = new URL(website.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function authorityAddress(authority: AuthorityInfo): string {
  return fullAddressOf(authority.address);
}
