import { ApplicationListPage } from './ApplicationListPage';

/** `/applications` (portal-core §2). */
export default function ApplicationsPage() {
  return <ApplicationListPage kind="applications" />;
}
