import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import { useTranslation } from 'react-i18next';
import { useBreakpointUp } from '../../lib/breakpoints';
import { authorityAddress, safeWebsite, telHref, type AuthorityInfo } from './authority';

/**
 * The authority info card (docs/features.md): display name, address, email, phone, website; one column
 * under the small breakpoint (docs/content-guide.md "On a phone").
 */
export default function AuthorityInfoCard({
  authority,
  headingLevel = 'h2',
}: {
  authority: AuthorityInfo;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const none = t('authority.notProvided');
  const address = authorityAddress(authority);
  const email = authority.email?.trim();
  const phone = authority.phone?.trim();
  const website = safeWebsite(authority.website);
  // One column on a phone: two split the email and the website inside a word.
  const columns = useBreakpointUp('sm') ? 2 : 1;
  return (
    <Container header={<Header variant={headingLevel}>{authority.displayName}</Header>}>
      <KeyValuePairs
        columns={columns}
        items={[
          { label: t('authority.address'), value: address || none },
          {
            label: t('authority.email'),
            value: email ? <Link href={`mailto:${email}`}>{email}</Link> : none,
          },
          {
            label: t('authority.phone'),
            value: phone ? <Link href={telHref(phone)}>{phone}</Link> : none,
          },
          {
            label: t('authority.website'),
            value: website ? (
              <Link href={website} external externalIconAriaLabel={t('shell.externalLink')}>
                {authority.website?.trim()}
              </Link>
            ) : (
              none
            ),
          },
        ]}
      />
    </Container>
  );
}
