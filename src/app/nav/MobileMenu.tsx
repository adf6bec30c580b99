import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import type { WireViewer } from '../../api/types';
import { closeMobileMenu, uiState } from '../../state/ui';
import { lazyComponent } from '../lazyComponent';

/** The menu's dialog loads when it first opens (or when the Menu button is touched). */
export const MobileMenuContent = lazyComponent(
  () => import('./MobileMenuContent').then((m) => m.MobileMenuContent),
  { onLoadFailed: closeMobileMenu },
);

/** Spec §2: the mobile menu is open or closed and shows its main or its more section. */
export function MobileMenu({ viewer }: { viewer: WireViewer }) {
  const { mobileMenu } = useSnapshot(uiState);
  if (!mobileMenu.open) return null;
  return (
    <Suspense fallback={null}>
      <MobileMenuContent viewer={viewer} section={mobileMenu.section} />
    </Suspense>
  );
}
