/** The media lab page: exposes window.glintLab and a small manual UI for trying photos. */
import { FILTER_DISPLAY_NAMES, FILTER_NAMES, isFilterName } from '../shaders/filter';
import { centerCrop } from '../workers/geometry';
import { glintLab, type GlintLab } from './mediaLab';

declare global {
  interface Window {
    glintLab: GlintLab;
  }
}

window.glintLab = glintLab;

const fileInput = document.getElementById('file') as HTMLInputElement;
const filterSelect = document.getElementById('filter') as HTMLSelectElement;
const strengthInput = document.getElementById('strength') as HTMLInputElement;
const exportButton = document.getElementById('export') as HTMLButtonElement;
const status = document.getElementById('status') as HTMLPreElement;
const result = document.getElementById('result') as HTMLImageElement;

filterSelect.append(...FILTER_NAMES.map((name) => new Option(FILTER_DISPLAY_NAMES[name], name)));

let photo: { file: File; preview: ImageBitmap; width: number; height: number } | null = null;

const look = () => ({
  filterName: isFilterName(filterSelect.value) ? filterSelect.value : 'normal',
  strength: Number(strengthInput.value),
});

async function showPreview() {
  if (!photo) return;
  const { filterName, strength } = look();
  const crop = centerCrop(photo.preview);
  await glintLab.preview(photo.preview, crop, 0, filterName, strength);
}

fileInput.addEventListener('change', async () => {
  const file = fileInput.files?.[0];
  if (!file) return;
  const inspected = await glintLab.inspect(file);
  if ('error' in inspected) {
    status.textContent = `${inspected.error.code}: ${inspected.error.message}`;
    return;
  }
  const { preview, ...summary } = inspected;
  status.textContent = JSON.stringify(summary, null, 2);
  photo = { file, preview, width: inspected.width, height: inspected.height };
  await showPreview();
  await glintLab.thumbnails(preview);
});

filterSelect.addEventListener('change', () => void showPreview());
strengthInput.addEventListener('input', () => void showPreview());

exportButton.addEventListener('click', async () => {
  if (!photo) return;
  const exported = await glintLab.exportJpeg(photo.file, {
    crop: centerCrop(photo),
    rotationAngle: 0,
    ...look(),
  });
  if ('error' in exported) {
    status.textContent = `${exported.error.code}: ${exported.error.message}`;
    return;
  }
  result.src = URL.createObjectURL(exported.blob);
  status.textContent = `Exported ${exported.width}×${exported.height}, ${exported.blob.size} bytes`;
});
