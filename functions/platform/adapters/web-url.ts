import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { ssmClient } from './aws/ssm.js';
import { logger } from '../logger.js';

/**
 * The web app's URL for links in mail: WEB_URL, or WEB_URL_PARAMETER (the SSM parameter the Web
 * stack writes its URL to; read once per cold start). Undefined when neither is readable.
 */
let webUrlPromise: Promise<string | undefined> | undefined;

async function loadWebUrl(): Promise<string | undefined> {
  const direct = process.env.WEB_URL;
  if (direct) return direct.replace(/\/+$/, '');
  const name = process.env.WEB_URL_PARAMETER;
  if (!name) return undefined;
  try {
    const out = await ssmClient().send(new GetParameterCommand({ Name: name }));
    return out.Parameter?.Value?.replace(/\/+$/, '') || undefined;
  } catch (err) {
    logger.warn('web URL parameter unreadable; mail without link', {
      parameter: name,
      error: err as Error,
    });
    webUrlPromise = undefined; // try again on the next message
    return undefined;
  }
}

/** The web app's URL (cached per cold start once read). */
export function webUrl(): Promise<string | undefined> {
  webUrlPromise ??= loadWebUrl();
  return webUrlPromise;
}

/** Forget the cached URL (tests). */
export function resetWebUrl(): void {
  webUrlPromise = undefined;
}
