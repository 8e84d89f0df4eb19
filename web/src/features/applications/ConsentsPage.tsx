import { ApplicationListPage } from './ApplicationListPage';

/** `/consents` (portal-core §2). */
export default function ConsentsPage() {
  return <ApplicationListPage kind="consents" />;
}
