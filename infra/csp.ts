/**
 * The SPA's strict Content-Security-Policy, built in one place: CloudFront sends it in AWS (the Web
 * stack's response-headers policy) and the local web server sends it when it serves the built SPA
 * (`--web=dist`, what the browser tests use), so a violation shows up locally first.
 */
export interface CspOrigins {
  /** Cognito's endpoint origin, e.g. `https://cognito-idp.ap-southeast-2.amazonaws.com`. */
  cognitoOrigin: string;
  /** The uploads bucket's origin: presigned PUT/GET of documents go straight to it. */
  uploadsOrigin: string;
  /**
   * Browser error reporting's region (docs/browser-errors.md): RUM's data plane and Cognito's
   * identity endpoint (the guest credentials) there. Absent: RUM is off, neither is allowed.
   */
  rumRegion?: string;
  /**
   * The map tiles' origin (LINZ Basemaps) when a maps key is configured: the site map fetches its
   * tiles there. Absent: the bundled offline map, no tiles from anywhere.
   */
  mapTilesOrigin?: string;
  /** Upgrade http: subresources to https: (AWS only; the local stack is plain http on 127.0.0.1). */
  upgradeInsecureRequests: boolean;
}

/** The two origins the RUM web client talks to in a region. */
export function rumOrigins(region: string | undefined): string[] {
  return region
    ? [`https://cognito-identity.${region}.amazonaws.com`, `https://dataplane.rum.${region}.amazonaws.com`]
    : [];
}

export function contentSecurityPolicy(o: CspOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Cloudscape sets inline styles at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${o.mapTilesOrigin ? ` ${o.mapTilesOrigin}` : ''}`,
    "font-src 'self' data:",
    // The API is same-origin (/api); Cognito for sign-in; S3 for presigned PUT/GET of documents.
    // Browser error reports: the guest credentials (cognito-identity) and the events (RUM's data plane).
    // The site map's tiles, only when a maps key is configured.
    `connect-src 'self' ${[o.cognitoOrigin, o.uploadsOrigin, ...rumOrigins(o.rumRegion), ...(o.mapTilesOrigin ? [o.mapTilesOrigin] : [])].join(' ')}`,
    "frame-src 'self' blob:",
    // The captcha's proof-of-work workers are served from the portal's origin.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    ...(o.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
