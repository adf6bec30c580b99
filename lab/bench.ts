/**
 * The bench harness page: picked files (set by Playwright on #files) plus the in-browser halves
 * of the bench cases, exposed as window.glintBench. Only summaries (and, on request, an output
 * JPEG as base64) cross back to Node.
 */
import { readPhotoMetadata } from '../workers/exif';
import * as filter from './benchFilter';
import { filterPaths, forgetPaths, prepareFloor, runPhotoJob, type PhotoJob } from './benchPhoto';
import * as story from './benchStory';
import { timed } from './benchTiming';
import { formUpload, tusUpload } from './benchUpload';

const input = document.getElementById('files') as HTMLInputElement;

function file(name: string): File {
  const found = [...(input.files ?? [])].find((f) => f.name === name);
  if (!found) throw new Error(`no picked file named ${name}`);
  return found;
}

const bytesCache = new Map<string, Uint8Array>();

export const glintBench = {
  ready: true,
  files: () => [...(input.files ?? [])].map((f) => ({ name: f.name, size: f.size })),

  photo: (job: PhotoJob) => runPhotoJob(file(job.file), job),
  prepareFloor: (name: string, width: number, height: number) =>
    prepareFloor(file(name), width, height),
  filterPaths,
  forgetPaths,

  /** exifr orientation + GPS on bytes already in memory (what the worker does after reading). */
  async exif(name: string) {
    let bytes = bytesCache.get(name);
    if (!bytes) {
      bytes = new Uint8Array(await file(name).arrayBuffer());
      bytesCache.set(name, bytes);
    }
    const data = bytes;
    const t = await timed(() => readPhotoMetadata(data));
    return { ms: t.ms, orientation: t.value.orientation, hasGps: t.value.gps !== null };
  },

  setupPreview: (name: string, longSide: number) => filter.setupPreview(file(name), longSide),
  slide: filter.slide,
  switchFilter: filter.switchFilter,

  storyOpen: story.storyOpen,
  storyJump: story.storyJump,
  storyAutoAdvance: story.storyAutoAdvance,
  storyTransitions: story.storyTransitions,
  storyWatch: story.storyWatch,
  storyClose: story.storyClose,

  tusUpload: (name: string, chunkSize: number) => tusUpload(file(name), chunkSize),
  formUpload: (name: string) => formUpload(file(name)),
};

export type GlintBench = typeof glintBench;

declare global {
  interface Window {
    glintBench: GlintBench;
  }
}

window.glintBench = glintBench;
