import { Suspense } from 'react';
import { lazyComponent } from './lazyComponent';
import { useInstallOffer } from './installPrompt';

// The banner's code downloads only when the browser actually offers to install Glint.
const InstallBanner = lazyComponent(() => import('./InstallBanner').then((m) => m.InstallBanner));

/** Shows the install banner while the browser's install offer stands. */
export function InstallOffer() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner />
    </Suspense>
  );
}
