import { describe, expect, it } from 'vitest';
import { StoryHeader } from '../../../src/canvas/story/header';

const frame = { x: 100, y: 16, width: 432, height: 768 };

describe("the story frame's DOM header", () => {
  it("shows the owner's name, avatar and the story's age, hidden from assistive technology", () => {
    const header = new StoryHeader();
    header.layout(frame);
    header.setOwner({ username: 'sam.eats', avatarUrl: '/media/a.jpg' });
    header.setTakenAt(1000, 1000 + 3600);
    const { element } = header;
    expect(element.getAttribute('aria-hidden')).toBe('true');
    expect(element.textContent).toBe('sam.eats1h');
    expect(element.querySelector('img')?.getAttribute('src')).toBe('/media/a.jpg');
    expect(element.style.left).toBe('100px');
    expect(element.style.width).toBe('432px');
    // No reel: nothing in the header.
    header.setOwner(null);
    expect(element.hidden).toBe(true);
  });

  it('keeps the grey circle, not the last owner’s face, until the new avatar loads', () => {
    const header = new StoryHeader();
    header.setOwner({ username: 'a', avatarUrl: '/a.jpg' });
    const img = header.element.querySelector('img')!;
    img.dispatchEvent(new Event('load'));
    expect(img.style.visibility).toBe('');
    header.setOwner({ username: 'b', avatarUrl: '/b.jpg' });
    expect(img.style.visibility).toBe('hidden');
    header.setOwner({ username: 'c', avatarUrl: null });
    expect(img.hasAttribute('src')).toBe(false);
  });

  it('shows the spinner in the frame’s centre only while loading', () => {
    const header = new StoryHeader();
    header.layout(frame);
    expect(header.loading).toBe(false);
    header.setLoading(true);
    expect(header.spinner.style.display).toBe('');
    expect(header.spinner.style.left).toBe(`${100 + (432 - 36) / 2}px`);
    header.setLoading(false);
    expect(header.spinner.style.display).toBe('none');
  });

  it('follows a drag down and fades', () => {
    const header = new StoryHeader();
    header.pose(40, 0.5);
    expect(header.element.style.transform).toBe('translateY(40px)');
    expect(header.element.style.opacity).toBe('0.5');
    header.pose(0, 1);
    expect(header.element.style.transform).toBe('');
  });
});
