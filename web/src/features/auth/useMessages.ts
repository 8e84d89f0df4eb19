import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationKey } from './forms';
import type { IdentityMessage } from './identityErrors';

/** Translates shared validation messages and identity errors through en.json. */
export function useMessages() {
  const { t } = useTranslation();
  const validation = useCallback(
    (message: string | undefined): string | undefined => {
      if (message === undefined) return undefined;
      const key = validationKey(message);
      return key ? t(key) : message;
    },
    [t],
  );
  const identity = useCallback(
    (message: IdentityMessage): string => (message.key ? t(message.key) : message.text),
    [t],
  );
  return { validation, identity };
}
