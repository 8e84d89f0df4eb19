import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { participantKeys, participantsApi } from '../../api/participants';
import { LicenceList } from './LicenceList';
import { licenceErrorsOf, type FieldErrors, type LicenceValue } from './participantForm';

/** The qualification types (GET /user/qualification-types), one cache for every person's form. */
export const useQualificationTypes = () =>
  useQuery({
    queryKey: participantKeys.qualificationTypes,
    queryFn: ({ signal }) => participantsApi.qualificationTypes(signal),
    staleTime: 10 * 60_000,
  });

/**
 * The licences of a person's form (the participant dialog's License details step, the contact
 * dialog): the list once the qualification types are in, with the server's errors on each licence.
 */
export function LicencesField({
  value,
  serverErrors,
  onChange,
}: {
  value: LicenceValue[];
  serverErrors: FieldErrors;
  onChange: (next: LicenceValue[]) => void;
}) {
  const { t } = useTranslation();
  const types = useQualificationTypes();
  if (types.data)
    return (
      <LicenceList
        types={types.data}
        value={value}
        errors={licenceErrorsOf(serverErrors)}
        onChange={onChange}
      />
    );
  if (types.isError) return <Box color="text-status-error">{t('participants.licences.typesFailed')}</Box>;
  return <Spinner />;
}
