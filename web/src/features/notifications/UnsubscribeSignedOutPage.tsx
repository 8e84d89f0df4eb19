import { QueryRoot } from '../../lib/queryClient';
import UnsubscribePage from './UnsubscribePage';

/** /unsubscribe signed out: the signed-out app has no query cache (docs/performance.md), so it brings one. */
export default function UnsubscribeSignedOutPage() {
  return (
    <QueryRoot>
      <UnsubscribePage />
    </QueryRoot>
  );
}
