// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { drawnPictureWidth, pictureUrlFor } from '../../../src/features/stories/storyPicture';

// Issue 18: the viewer and the tray's prefetch fetch the smallest size of a story picture that
// covers the device pixels it is drawn at.
const picture = {
  displayUrl: '/media/s/1/1080.jpg',
  width: 1080,
  height: 1920,
  resources: [
    { src: '/media/s/1/540.jpg', config_width: 540, config_height: 960 },
    { src: '/media/s/1/1080.jpg', config_width: 1080, config_height: 1920 },
  ],
};
const urlOn = (width: number, height: number, pixelRatio: number) =>
  pictureUrlFor(picture, drawnPictureWidth(1080, 1920, { width, height, pixelRatio }));

describe('story picture size', () => {
  it('takes the 540 px copy on a desktop window at 1×', () => {
    expect(urlOn(1280, 800, 1)).toBe('/media/s/1/540.jpg');
    expect(urlOn(1440, 900, 1)).toBe('/media/s/1/540.jpg');
  });

  it('takes the original where the story is drawn wider than 540 device pixels', () => {
    expect(urlOn(375, 812, 3)).toBe('/media/s/1/1080.jpg');
    expect(urlOn(375, 812, 2)).toBe('/media/s/1/1080.jpg');
    expect(urlOn(1280, 800, 2)).toBe('/media/s/1/1080.jpg');
    expect(urlOn(1920, 1200, 1)).toBe('/media/s/1/1080.jpg');
  });

  it('falls back to display_url when the payload lists no sizes', () => {
    expect(pictureUrlFor({ ...picture, resources: undefined }, 100)).toBe('/media/s/1/1080.jpg');
    expect(pictureUrlFor({ ...picture, resources: [] }, 100)).toBe('/media/s/1/1080.jpg');
  });
});
