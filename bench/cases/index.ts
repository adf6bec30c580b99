/** Every bench case, in the order they run and print. */
import { api } from './api';
import { createApp } from './createApp';
import { exifRead } from './exifRead';
import { feed } from './feed';
import { filterPreview } from './filterPreview';
import { load } from './load';
import { photoExport } from './photoExport';
import { scale } from './scale';
import { storyViewer } from './storyViewer';
import { upload } from './upload';
import type { BenchCase } from '../lib/types';

export const CASES: BenchCase[] = [
  photoExport,
  exifRead,
  filterPreview,
  storyViewer,
  feed,
  upload,
  api,
  load,
  scale,
  createApp,
];
