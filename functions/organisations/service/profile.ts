import {
  ORGANISATION_IMAGE,
  ORGANISATION_IMAGE_MESSAGE,
  ORGANISATION_IMAGE_UPLOAD_NOT_FOUND,
  ORGANISATION_IMAGE_UPLOADS,
} from '../../../shared/domain/organisations.js';
import { THUMBNAIL_UPLOAD_SECONDS } from '../../../shared/domain/applications.js';
import type {
  Organisation,
  OrganisationImageUploadRequest,
  OrganisationUpdateRequest,
} from '../../../shared/schemas/organisations.js';
import type { ThumbnailUploadResponse } from '../../../shared/schemas/thumbnail-uploads.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import {
  uploadedImagesService,
  type UploadedImagePorts,
  type UploadedImageRules,
} from '../../platform/uploaded-images.js';
import type { OrganisationPorts } from '../ports.js';
import { memberRules, type Membership } from './members.js';

/**
 * The organisation's image by presigned upload (docs/organisations.md, Profile): the shared
 * uploaded-images service (functions/platform/uploaded-images.ts) with the organisation's prefix
 * `organisation-images/`, field `body.image`, the template thumbnail's limits and its own messages.
 */
export const ORGANISATION_IMAGE_RULES: UploadedImageRules = {
  keys: ORGANISATION_IMAGE_UPLOADS,
  field: 'body.image',
  maxBytes: ORGANISATION_IMAGE.maxBytes,
  uploadSeconds: THUMBNAIL_UPLOAD_SECONDS,
  message: ORGANISATION_IMAGE_MESSAGE,
  notFound: ORGANISATION_IMAGE_UPLOAD_NOT_FOUND,
};

/**
 * PATCH /user/organisation and its image's upload: an image key is taken (the caller's own upload,
 * within the size, a JPG/PNG/GIF within the pixel limits) and scaled to fit 250×150 before
 * anything is written, so a refused image changes nothing (400 on `body.image`); the stored JPEG is
 * served as a data URL in the profile, as templates serve their thumbnails. null removes the image.
 */
export function profileRules(ports: OrganisationPorts, imagePorts: UploadedImagePorts) {
  const images = uploadedImagesService(imagePorts, ORGANISATION_IMAGE_RULES);
  const { updateOrganisation } = memberRules(ports);

  return {
    presignImage: (caller: Caller, body: OrganisationImageUploadRequest): Promise<ThumbnailUploadResponse> =>
      images.presign(caller, body),

    async updateProfile(
      m: Membership,
      caller: Caller,
      body: OrganisationUpdateRequest,
    ): Promise<Organisation> {
      const key = typeof body.image === 'string' ? body.image : undefined;
      const jpeg = key ? await images.scale(caller, key) : undefined;
      const organisation = await updateOrganisation(m, {
        displayName: body.displayName,
        colour: body.colour,
        ...(jpeg ? { image: `data:image/jpeg;base64,${jpeg.toString('base64')}` } : {}),
        ...(body.image === null ? { image: null } : {}),
      });
      if (key) await images.discard(key);
      return organisation;
    },
  };
}
