import { ApplicationListPage } from './ApplicationListPage';

/** `/consents` (docs/applications.md). */
export default function ConsentsPage() {
  return <ApplicationListPage kind="consents" />;
}
