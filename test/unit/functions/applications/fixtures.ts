/** Step data the applications tests share. */

/** A complete, valid bc-project step (minimum required answers). */
export const validProject = {
  currentLawfulUse: 'housingDetachedDwelling',
  workType: { newBuilding: true },
  buildingWorkDescription: 'A new three-bedroom house with attached garage',
  intendedUses: { housingDetachedDwelling: true },
  intendedLife: 'indefinite',
  estimatedValue: 15000,
  restrictedBuildingWork: 'yes',
  stagedConsent: 'no',
  applicantIsOwner: 'yes',
  pimRequested: 'no',
};
