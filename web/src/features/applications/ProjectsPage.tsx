import { ApplicationListPage } from './ApplicationListPage';

/** `/projects` (docs/applications.md). */
export default function ProjectsPage() {
  return <ApplicationListPage kind="projects" />;
}
