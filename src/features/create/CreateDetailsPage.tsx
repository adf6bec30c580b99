import { usePageTitle } from '../../lib/navigation';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import {
  enterStep,
  loadSuggestedGeoTags,
  retryFailedUploads,
  retryUpload,
  share,
  stage,
  stageCarousel,
} from '../../state/createActions';
import { photoCreation } from '../../state/create';
import { useSession } from '../../app/useSession';
import { Avatar } from '../../ui/Avatar';
import { AccessibilitySection } from './AltTextField';
import { CaptionField } from './CaptionField';
import { CreateHeader } from './CreateHeader';
import { LocationField } from './LocationField';
import { StagedPreview, UploadStatus } from './UploadStatus';
import { TagPeopleField } from './TagPeopleField';
import './CreatePage.css';
import './CreateDetailsPage.css';

/**
 * /create/details/ — caption, tagged people and location (spec §2). Arriving here (Next, or browser Forward)
 * makes sure the current edits are staged; Share waits for that upload. Without a session (a
 * reload cannot keep the photo) it goes back to the start of the flow.
 */
export default function CreateDetailsPage() {
  usePageTitle('New post');
  const { sourceImage } = useSnapshot(photoCreation);
  // Only a visit without a session redirects. A session that ends here (shared, offline, export
  // failure) is followed by the action's own navigation, which a redirect would override.
  const [arrivedWithSession] = useState(() => photoCreation.sourceImage !== null);
  if (!arrivedWithSession) return <Navigate to="/create/style/" replace />;
  return sourceImage ? <DetailsStep /> : null;
}

function DetailsStep() {
  const navigate = useNavigate();
  const { viewer } = useSession();
  const { finalizedImage } = useSnapshot(photoCreation);

  useEffect(() => {
    enterStep('details');
    // A carousel's photos all upload while the caption is written.
    if (photoCreation.photos.length > 1) stageCarousel(navigate);
    else stage(navigate);
    void loadSuggestedGeoTags();
  }, [navigate]);

  // A staged upload that failed while offline continues as soon as the connection is back.
  useEffect(() => {
    const onOnline = () => {
      if (photoCreation.photos.length > 1) retryFailedUploads();
      else if (photoCreation.stagedImage.error) retryUpload();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  return (
    <div className="create-page">
      <section className="create-card create-card--details" aria-label="New post">
        <CreateHeader
          title="New post"
          onBack={() => navigate(-1)}
          actionLabel="Share"
          onAction={() => void share(navigate)}
          actionBusy={finalizedImage.isFinalizing}
        />
        <div className="create-body">
          <div className="create-stage create-stage--details">
            <StagedPreview />
          </div>
          <div className="create-panel create-panel--details">
            {viewer ? (
              <div className="details-author">
                <Avatar
                  src={viewer.profile_pic_url || null}
                  username={viewer.username}
                  size={28}
                  decorative
                />
                <span className="details-author__name">{viewer.username}</span>
              </div>
            ) : null}
            <CaptionField />
            <TagPeopleField />
            <LocationField />
            <AccessibilitySection />
            <UploadStatus />
          </div>
        </div>
      </section>
    </div>
  );
}
