import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentSessionResponse } from '../../../../shared/schemas/payments';
import { paymentKeys } from '../../api/payments';

/** While the gateway has not answered, how often the page asks again, and for how long. */
export const RETURN_POLL_MS = 2_000;
export const RETURN_POLL_FOR_MS = 120_000;

/**
 * The payer back from the gateway's page with `?sessionId=` (docs/payments.md "The flow"): the
 * portal asks the gateway (through the server) how the payment went, again while it is still being
 * processed, and runs `onSettled` once it has an answer. The browser never decides the outcome.
 */
export function useCardReturn(
  sessionId: string | undefined,
  ask: (sessionId: string) => Promise<PaymentSessionResponse>,
  onSettled: (answer: PaymentSessionResponse) => void,
) {
  const query = useQuery({
    queryKey: paymentKeys.session(sessionId ?? ''),
    queryFn: () => ask(sessionId!),
    enabled: !!sessionId,
    retry: 1,
    refetchInterval: (q) =>
      q.state.data?.result === 'Pending' && q.state.dataUpdateCount < RETURN_POLL_FOR_MS / RETURN_POLL_MS
        ? RETURN_POLL_MS
        : false,
  });
  const result = query.data?.result;
  useEffect(() => {
    if (query.data && result !== 'Pending') onSettled(query.data);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  return query;
}
