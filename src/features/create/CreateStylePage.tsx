import { usePageTitle } from '../../lib/navigation';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { isFeatureEnabled } from '../../lib/sharedData';
import { enterStep, resetSession, stage } from '../../state/createActions';
import { photoCreation } from '../../state/create';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { ChoosePhoto } from './ChoosePhoto';
import { CropStep } from './CropStep';
import { StyleStep } from './StyleStep';
import './CreatePage.css';

/** History state of /create/style/ while the filter step shows (absent: the crop step). */
export const STYLE_STEP_STATE = { step: 'style' } as const;

function isStyleState(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as { step?: unknown }).step === 'style';
}

/**
 * /create/style/ — "photo creation step after cropping" (spec §2). The crop step is step 1 of
 * this route and the filter step is step 2: Next pushes the same path with STYLE_STEP_STATE, so
 * the browser's Back returns to the crop with every edit kept. Without a photo (opened directly,
 * or after a reload, which cannot keep the file) the page offers to choose one.
 */
export default function CreateStylePage() {
  usePageTitle('New post');
  const navigate = useNavigate();
  const location = useLocation();
  const { sourceImage, isInspecting, photos, activePhoto } = useSnapshot(photoCreation);
  // The filter preview is drawn for one photo: another photo of a carousel mounts it afresh.
  const photoKey = photos[activePhoto]?.key ?? 'photo';
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const filtersEnabled = isFeatureEnabled('filters');
  const step = filtersEnabled && isStyleState(location.state) ? 'style' : 'crop';

  useEffect(() => {
    if (sourceImage) enterStep(step);
  }, [sourceImage, step]);

  if (!sourceImage) {
    return (
      <div className="create-page">
        {isInspecting ? (
          <section className="create-card create-card--loading" aria-label="Create new post">
            <Spinner size={32} label="Opening photo" />
          </section>
        ) : (
          <ChoosePhoto />
        )}
      </div>
    );
  }

  return (
    <div className="create-page">
      {step === 'crop' ? (
        <CropStep
          source={sourceImage}
          onBack={() => setConfirmingDiscard(true)}
          onNext={() => {
            if (filtersEnabled) navigate('/create/style/', { state: STYLE_STEP_STATE });
            else {
              // Feature switch "filters" off: no filter step; the crop goes out as it is.
              stage(navigate);
              navigate('/create/details/');
            }
          }}
        />
      ) : (
        <StyleStep
          key={photoKey}
          onBack={() => navigate(-1)}
          onNext={() => {
            stage(navigate);
            navigate('/create/details/');
          }}
        />
      )}
      {confirmingDiscard ? (
        <ConfirmDialog
          title="Discard post?"
          body="If you leave, your edits won't be saved."
          confirmLabel="Discard"
          destructive
          onConfirm={() => {
            setConfirmingDiscard(false);
            resetSession();
            navigate('/');
          }}
          onCancel={() => setConfirmingDiscard(false)}
        />
      ) : null}
    </div>
  );
}
