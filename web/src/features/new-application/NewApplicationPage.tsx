import { Navigate, useParams } from 'react-router';
import { INTENT_SELECTION_URL, resolveNewApplicationStep } from '../../lib/urls/rules';
import { WithCurrentUser } from '../shell/useCurrentUser';
import AddressStep from './AddressStep';
import ChildApplicationStep from './ChildApplicationStep';
import FormSelectionStep from './FormSelectionStep';
import IntentSelectionStep from './IntentSelectionStep';
import PropertyRecordsStep from './PropertyRecordsStep';

/** /new-application/*: the wizard's step named by the sub-path (the route's loader has checked it). */
export default function NewApplicationPage() {
  const step = resolveNewApplicationStep(useParams()['*']);
  switch (step) {
    case 'intent-selection':
      return <IntentSelectionStep />;
    case 'child-application':
      return <ChildApplicationStep />;
    case 'address':
      return (
        <WithCurrentUser>
          <AddressStep />
        </WithCurrentUser>
      );
    case 'authority-property-records':
      return <PropertyRecordsStep />;
    case 'form-selection':
      return <FormSelectionStep />;
    default:
      return <Navigate to={INTENT_SELECTION_URL} replace />;
  }
}
