/**
 * Sealing council webhook signing secrets (docs/council-api.md): each secret is stored AES-256-GCM
 * encrypted under a key only the webhook delivery function may read, with the authority in the
 * authenticated data (a sealed secret copied to another registration does not open). A function
 * that reads the table (every API Lambda does) sees only ciphertext and cannot sign.
 *
 * The key: AWS — a generated Secrets Manager secret (COUNCIL_WEBHOOK_SEALING_KEY_ARN) whose read is
 * granted to the delivery function alone (infra/constructs/webhook-delivery.ts), read once per cold
 * start; the local stack (which has no Secrets Manager) — COUNCIL_WEBHOOK_SEALING_KEY, a fixed
 * development value it sets for its own process. The secret's text is stretched to the AES key with
 * HKDF-SHA-256, so any generated string of enough entropy serves.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManagerClient } from '../../platform/adapters/aws/secrets-manager.js';

/** Sealed secrets start with this (a version, should the scheme or key change). */
export const SEALED_PREFIX = 'sealed:v1:';
const INFO = 'consent-portal council webhook signing secret v1';
const aad = (authorityId: string) => Buffer.from(`council-webhook-signing-secret:${authorityId}`, 'utf8');

export interface SecretSealer {
  seal(secret: string, authorityId: string): string;
  /** The secret, or an error when `sealed` is not one of this key's for this authority. */
  open(sealed: string, authorityId: string): string;
}

/** A sealer over key material (at least 32 characters). */
export function sealerOf(material: string): SecretSealer {
  if (material.length < 32) throw new Error('webhook sealing key: at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), INFO, 32));
  return {
    seal(secret, authorityId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(authorityId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, authorityId) {
      const m = /^sealed:v1:([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/.exec(sealed);
      if (!m) throw new Error('not a sealed webhook secret');
      const iv = Buffer.from(m[1]!, 'base64url');
      const body = Buffer.from(m[2]!, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(aad(authorityId));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The sealer of this deployment: COUNCIL_WEBHOOK_SEALING_KEY (local), else the Secrets Manager
 * secret named by COUNCIL_WEBHOOK_SEALING_KEY_ARN (read once; a failed read is tried again next time).
 */
export function sealerFromEnv(env: NodeJS.ProcessEnv = process.env): () => Promise<SecretSealer> {
  let made: Promise<SecretSealer> | undefined;
  const make = async (): Promise<SecretSealer> => {
    if (env.COUNCIL_WEBHOOK_SEALING_KEY) return sealerOf(env.COUNCIL_WEBHOOK_SEALING_KEY);
    const arn = env.COUNCIL_WEBHOOK_SEALING_KEY_ARN;
    if (!arn) throw new Error('webhook sealing key: neither COUNCIL_WEBHOOK_SEALING_KEY nor its ARN is set');
    const out = await secretsManagerClient().send(new GetSecretValueCommand({ SecretId: arn }));
    if (!out.SecretString) throw new Error('webhook sealing key: the secret is empty');
    return sealerOf(out.SecretString);
  };
  return () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}
