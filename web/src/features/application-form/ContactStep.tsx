import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import { useTranslation } from 'react-i18next';
import participantTypesJson from '../../../../shared/reference/participant-types.json';

/** A participant as GET /user/applications/{id} lists it (the participants feature owns the full shape). */
type Participant = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The participant's name: first and last name, else a display name or organisation. */
export function participantName(p: Participant): string {
  const full = [text(p.firstName), text(p.lastName)].filter(Boolean).join(' ');
  return full || text(p.displayName) || text(p.name) || text(p.organisation) || text(p.email) || '';
}

/** The participant types' display names by their name (RegisteredOwner → Registered owner). */
const TYPE_DISPLAY_NAMES = new Map(
  (participantTypesJson as ReadonlyArray<{ name: string; displayName: string }>).map((type) => [
    type.name,
    type.displayName,
  ]),
);

/** Role names: participantTypes as type names (shown by their display names) or as {displayName|name}. */
export function participantRoles(p: Participant): string[] {
  const types = Array.isArray(p.participantTypes)
    ? p.participantTypes
    : Array.isArray(p.roles)
      ? p.roles
      : [];
  return types
    .map((r: unknown) =>
      typeof r === 'string'
        ? (TYPE_DISPLAY_NAMES.get(r) ?? r)
        : typeof r === 'object' && r !== null
          ? (text((r as Participant).displayName) ??
            TYPE_DISPLAY_NAMES.get(String((r as Participant).name)) ??
            text((r as Participant).name))
          : undefined,
    )
    .filter((r): r is string => !!r);
}

function phoneOf(p: Participant): string | undefined {
  const phone = text(p.phone) ?? text(p.contactNumber);
  const code = text(p.phoneCountryCode);
  return phone && code && !phone.startsWith('+') ? `${code} ${phone}` : phone;
}

/** The contact step: the application's participants as read-only cards. */
export default function ContactStep({ participants }: { participants: Participant[] }) {
  const { t } = useTranslation();
  const items = participants.filter((p) => p.isDeleted !== true);
  return (
    <Cards
      header={<Alert type="info">{t('applicationForm.contact.note')}</Alert>}
      items={items}
      trackBy={(p) => String(p.id ?? p.participantId ?? participantName(p))}
      cardDefinition={{
        header: (p) => participantName(p) || t('applicationForm.contact.unnamed'),
        sections: [
          {
            id: 'roles',
            header: t('applicationForm.contact.roles'),
            content: (p) => participantRoles(p).join(', ') || '—',
          },
          { id: 'email', header: t('applicationForm.contact.email'), content: (p) => text(p.email) ?? '—' },
          { id: 'phone', header: t('applicationForm.contact.phone'), content: (p) => phoneOf(p) ?? '—' },
          {
            id: 'access',
            header: t('applicationForm.contact.access'),
            content: (p) => {
              const level = text(p.accessLevel);
              return level
                ? t(`applicationForm.contact.accessLevels.${level}`, { defaultValue: level })
                : '—';
            },
          },
        ],
      }}
      empty={<Box color="text-status-inactive">{t('applicationForm.contact.empty')}</Box>}
    />
  );
}
