/**
 * The applications area's messages, word for word (docs/applications.md), in a module that imports
 * nothing: shared/schemas/applications.ts re-exports them, and a page that shows them (the form page)
 * does not load zod and the shared schemas for a few strings (docs/performance.md, "The form page").
 */
export const applicationMessages = {
  failedToFetchApplications: 'Failed to fetch applications',
  failedToFetchTemplates: 'Failed to fetch application templates',
  failedToFetchChildApplications: 'Failed to fetch child applications',
  failedToFetchHistory: 'Failed to fetch application history',
  failedToFetchFilters: 'Failed to fetch application filters',
  failedToFetchEnabledSteps: 'Failed to fetch enabled steps',
  failedToFetchValidation: 'Failed to fetch application validation',
  failedToFetchActionItems: 'Failed to fetch application action items',
  failToCreateTemplate: 'Fail to create template',
  failToUpdateTemplate: 'Fail to update template',
  failedToCreateTemplate: 'Failed to create template',
  templateCreated: 'A new template has been created based on your selected application',
  cannotSaveStep: 'Cannot save application step data',
  stepNotFound: 'Step not found',
  failToFetchApplication: 'Fail to fetch application, id: {{id}}',
  failedToArchive: 'Failed to archive application',
  failedToPreviewDocument: 'Failed to preview application document',
  failToDeleteApplication: 'Fail to delete application',
  failedToUpdateNotificationLevel: 'Failed to update notification subscription level',
  notificationLevelUpdated: 'Notification subscription level has been updated',
  editingLocked: 'Editing locked',
  lockedTooltip: 'Application is currently locked from further changes',
  requiredRole: 'A valid application needs to have {role} role',
} as const;
