/**
 * The site on a map (docs/lookups.md): the map (a lazy chunk, SiteMapCanvas) and, always, its text
 * alternative: "Map showing {address}" and the location in words. Nothing when the address has no
 * coordinates (a manual address). Without WebGL (some browsers, headless ones, a lost context) or
 * when the map's chunk cannot load, a plain message and the text alternative: never a blank box.
 */
import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { fullAddressOf } from '../../../../shared/domain/address';
import { coordinatesInWords, siteLocationOf } from '../../../../shared/domain/site-map';
import type { Address } from '../../../../shared/schemas/common';
import { siteMapSettings } from './settings';
import styles from './siteMap.module.css';

const SiteMapCanvas = lazy(() => import('./SiteMapCanvas'));

/** Whether this browser can draw WebGL (MapLibre needs it); asked once, before the chunk loads. */
export function hasWebGL(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** Any error of the map's chunk (its download, MapLibre's start): the text alternative alone. */
class MapErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(): void {
    this.props.onError();
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export interface SiteMapProps {
  address: Partial<Address> | null | undefined;
}

export function SiteMap({ address }: SiteMapProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const [webgl] = useState(() => hasWebGL());
  const [failed, setFailed] = useState(false);
  const site = siteLocationOf(address);
  if (!site) return null;
  const settings = siteMapSettings();
  const label = t('siteMap.label', { address: fullAddressOf(address) || coordinatesInWords(site) });
  const showMap = webgl && !failed;
  return (
    <figure className={styles.figure} aria-labelledby={captionId} data-testid="site-map">
      {showMap ? (
        <MapErrorBoundary onError={() => setFailed(true)}>
          <Suspense
            fallback={
              <div className={styles.placeholder}>
                <StatusIndicator type="loading">{t('siteMap.loading')}</StatusIndicator>
              </div>
            }
          >
            <SiteMapCanvas
              latitude={site.latitude}
              longitude={site.longitude}
              mapsKey={settings.key}
              label={`${label}. ${t('siteMap.keys')}`}
              landAttribution={t('siteMap.offline')}
              onFail={() => setFailed(true)}
            />
          </Suspense>
        </MapErrorBoundary>
      ) : (
        <Box color="text-body-secondary">{t('siteMap.unavailable')}</Box>
      )}
      <figcaption id={captionId}>
        <Box margin={{ top: 'xs' }}>{label}</Box>
        <Box color="text-body-secondary">
          {t('siteMap.location', { coordinates: coordinatesInWords(site) })}
        </Box>
      </figcaption>
    </figure>
  );
}
