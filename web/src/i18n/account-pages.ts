// The strings of the signed-out pages after the first (registration, confirmation, invitation,
// resending the code, the captcha, identity errors): `?accountPages` makes en.json a module apart
// from the first page's (./strings.ts), so Vite keeps only this key of it, in the chunk of i18next
// (./index.ts) that those pages load. The first page (sign-in) does not download them.
import { accountPages } from './en.json?accountPages';

export const ACCOUNT_PAGE_STRINGS = { accountPages };
