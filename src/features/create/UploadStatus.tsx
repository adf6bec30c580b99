import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { retryFailedUploads, retryUpload } from '../../state/createActions';
import { photoCreation } from '../../state/create';
import { ProgressBar } from '../../ui/ProgressBar';
import { Shimmer } from '../../ui/Shimmer';
import './UploadStatus.css';

/** The exported photo (filter, crop and rotation applied) as it will be posted. */
export function StagedPreview() {
  const { stagedImage } = useSnapshot(photoCreation);
  const blob = stagedImage.blob;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (!url) {
    return (
      <div
        className="staged-preview staged-preview--pending"
        role="img"
        aria-label="Preparing your photo"
      >
        <Shimmer height="100%" />
      </div>
    );
  }
  return <img className="staged-preview" src={url} alt="Your photo, ready to share" />;
}

/** Spec §4: the staged upload runs in the background; its progress shows, and errors retry. */
export function UploadStatus() {
  const { photos } = useSnapshot(photoCreation);
  return photos.length > 1 ? <CarouselUploadStatus /> : <PhotoUploadStatus />;
}

/** A carousel's uploads as one: how many failed (Retry), the mean progress, or all done. */
function CarouselUploadStatus() {
  const { photos, finalizedImage } = useSnapshot(photoCreation);
  const staged = photos.map((photo) => photo.stagedImage);
  const count = staged.length;
  const failed = staged.filter((s) => s.error).length;
  if (failed > 0) {
    return (
      <div className="upload-status upload-status--error" role="alert">
        <span>
          {failed} of {count} photos couldn't be uploaded.
        </span>
        <button type="button" className="btn btn--link btn--sm" onClick={retryFailedUploads}>
          Retry
        </button>
      </div>
    );
  }
  const done = staged.every((s) => s.uploadId && !s.isStaging && s.progress >= 1);
  if (done) {
    return (
      <div className="upload-status upload-status--done">
        {finalizedImage.isFinalizing ? 'Sharing…' : `${count} photos uploaded — ready to share.`}
      </div>
    );
  }
  const percent = Math.round((staged.reduce((sum, s) => sum + s.progress, 0) / count) * 100);
  return (
    <div className="upload-status">
      <div className="upload-status__row">
        <span>Uploading {count} photos…</span>
        <span className="upload-status__percent">{percent}%</span>
      </div>
      <ProgressBar value={percent} label="Upload progress" />
    </div>
  );
}

function PhotoUploadStatus() {
  const { stagedImage, finalizedImage } = useSnapshot(photoCreation);
  const percent = Math.round(stagedImage.progress * 100);
  if (stagedImage.error) {
    return (
      <div className="upload-status upload-status--error" role="alert">
        <span>{stagedImage.error}</span>
        <button type="button" className="btn btn--link btn--sm" onClick={() => retryUpload()}>
          Retry
        </button>
      </div>
    );
  }
  if (stagedImage.isStaging) {
    const preparing = !stagedImage.blob;
    return (
      <div className="upload-status">
        <div className="upload-status__row">
          <span>{preparing ? 'Preparing your photo…' : 'Uploading…'}</span>
          {preparing ? null : <span className="upload-status__percent">{percent}%</span>}
        </div>
        <ProgressBar value={preparing ? 0 : percent} label="Upload progress" />
      </div>
    );
  }
  if (stagedImage.uploadId && stagedImage.progress >= 1) {
    return (
      <div className="upload-status upload-status--done">
        {finalizedImage.isFinalizing ? 'Sharing…' : 'Photo uploaded — ready to share.'}
      </div>
    );
  }
  return null;
}
