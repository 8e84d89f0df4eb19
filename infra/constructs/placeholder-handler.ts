/**
 * Used by PortalFunction in place of an entry file that does not exist yet, and only when bundling
 * is skipped (infra tests with context `aws:cdk:bundling-stacks: []`). Never deployed: a synth with
 * bundling refuses a missing entry.
 */
export const handler = async (): Promise<never> => {
  throw new Error('Placeholder handler: the real entry file was missing at synth time.');
};
