import { thumbnailPort } from '../platform/adapters/images.js';
import { deleteUpload, presignUpload, readUpload, uploadSize } from '../platform/adapters/aws/uploads.js';
import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { ORGANISATION_IMAGE_MESSAGE } from '../../shared/domain/organisations.js';
import { contract } from './contract.js';
import { tablePorts } from './ports.js';
import { profileRules } from './service/profile.js';

const profile = profileRules(tablePorts, {
  uploads: { presign: presignUpload, size: uploadSize, read: readUpload, remove: deleteUpload },
  images: thumbnailPort(ORGANISATION_IMAGE_MESSAGE),
});

/**
 * The organisation's profile (docs/organisations.md): its change and its image's presigned upload.
 * Apart from the feature's handler because it decodes and scales images (jimp): the members and
 * invitations calls do not pay that bundle, and only this Lambda gets the memory decoding needs.
 * Env: TABLE_NAME, UPLOADS_BUCKET.
 */
export const routes = {
  'PATCH /user/organisation': async ({ membership, caller, body }) =>
    profile.updateProfile(membership, caller, body),
  'POST /user/organisation/image-uploads': async ({ caller, body }) =>
    reply(201, await profile.presignImage(caller, body)),
} satisfies LambdaImplementations<'organisations', 'profile', typeof contract>;

export const handler = createFeatureHandler('organisations', contract, routes, { lambda: 'profile' });
