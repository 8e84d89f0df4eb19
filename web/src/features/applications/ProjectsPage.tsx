import { ApplicationListPage } from './ApplicationListPage';

/** `/projects` (portal-core §2). */
export default function ProjectsPage() {
  return <ApplicationListPage kind="projects" />;
}
