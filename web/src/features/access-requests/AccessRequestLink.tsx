import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { accessRequestFromSearch, ACCESS_REQUEST_QUERY } from '../dashboard/accessRequestQuery';
import AccessSubmittedDialog from './AccessSubmittedDialog';
import { useRequestAccess } from './queries';

/**
 * `/?access_request=…` (docs/access-requests.md): when the value decodes, returns to `/`, submits the access
 * request once (not again on a re-render or React's StrictMode double effect) and shows 'Access
 * request submitted'; a failure is an error toast (useRequestAccess). A value that does not decode
 * is left alone.
 */
export default function AccessRequestLink({ raw, onDone }: { raw: string; onDone: () => void }) {
  const navigate = useNavigate();
  const request = useRequestAccess();
  const [submitted, setSubmitted] = useState(false);
  const started = useRef(false);
  const { mutate } = request;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const decoded = accessRequestFromSearch(new URLSearchParams({ [ACCESS_REQUEST_QUERY]: raw }));
    if (!decoded) return onDone();
    void navigate('/', { replace: true });
    mutate(decoded.applicationId, { onSuccess: () => setSubmitted(true), onError: onDone });
  }, [mutate, navigate, onDone, raw]);

  return submitted ? <AccessSubmittedDialog onClose={onDone} /> : null;
}
