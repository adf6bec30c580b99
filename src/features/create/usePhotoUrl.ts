import { useEffect, useState } from 'react';

/** Browsers other than Safari show no HEIC in an <img>; the media worker decodes them. */
const HEIF_FILE = /\.(heic|heif)$/i;
const THUMB_LONG_SIDE = 160;

export function isHeifFile(file: File): boolean {
  return /^image\/hei[cf]/.test(file.type) || HEIF_FILE.test(file.name);
}

/**
 * An object URL to show a picked photo in an <img>: the file itself, or for a HEIC a small JPEG
 * drawn from its decoded preview (null until that exists). Revoked when it changes or unmounts.
 */
export function usePhotoUrl(file: File, preview: ImageBitmap | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    const show = (blob: Blob | null) => {
      if (!blob || !live) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    };
    if (!isHeifFile(file)) show(file);
    else if (preview) {
      const scale = Math.min(1, THUMB_LONG_SIDE / Math.max(preview.width, preview.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(preview.width * scale));
      canvas.height = Math.max(1, Math.round(preview.height * scale));
      canvas.getContext('2d')?.drawImage(preview, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(show, 'image/jpeg', 0.85);
    }
    return () => {
      live = false;
      setUrl(null);
      if (made) URL.revokeObjectURL(made);
    };
  }, [file, preview]);
  return url;
}
