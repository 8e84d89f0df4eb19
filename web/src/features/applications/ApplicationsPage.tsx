import { ApplicationListPage } from './ApplicationListPage';

/** `/applications` (docs/applications.md). */
export default function ApplicationsPage() {
  return <ApplicationListPage kind="applications" />;
}
