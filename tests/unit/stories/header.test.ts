import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHADE_ALPHA, StoryHeader } from '../../../src/canvas/story/header';

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

  it('shows a grey circle, not the last owner’s face, until the new avatar loads, and if it fails', () => {
    const header = new StoryHeader();
    header.setOwner({ username: 'a', avatarUrl: '/a.jpg' });
    const img = header.element.querySelector('img')!;
    // The grey is the circle around the picture: it stays visible while the picture is hidden.
    const circle = img.parentElement!;
    expect(circle).not.toBe(header.element);
    expect(circle.style.background).not.toBe('');
    expect(circle.style.borderRadius).toBe('50%');
    expect(circle.style.visibility).toBe('');
    expect(img.style.visibility).toBe('hidden');
    img.dispatchEvent(new Event('load'));
    expect(img.style.visibility).toBe('');
    header.setOwner({ username: 'b', avatarUrl: '/b.jpg' });
    expect(img.style.visibility).toBe('hidden');
    // A broken picture stays hidden: the grey circle shows, not a broken-image icon.
    img.dispatchEvent(new Event('error'));
    expect(img.style.visibility).toBe('hidden');
    expect(circle.style.visibility).toBe('');
    header.setOwner({ username: 'c', avatarUrl: null });
    expect(img.hasAttribute('src')).toBe(false);
    expect(img.style.visibility).toBe('hidden');
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

  describe('the spinner’s turn', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
    });

    function spinnerWith(reduce: boolean) {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
      }));
      const animate = vi.fn(() => ({ cancel: vi.fn() }) as unknown as Animation);
      HTMLElement.prototype.animate = animate;
      const header = new StoryHeader();
      header.setLoading(true);
      return { header, animate };
    }

    it('turns the ring while loading', () => {
      const { animate } = spinnerWith(false);
      expect(animate).toHaveBeenCalledTimes(1);
    });

    it('keeps a still ring with reduced motion', () => {
      const { header, animate } = spinnerWith(true);
      expect(animate).not.toHaveBeenCalled();
      // The ring still shows that the story is loading.
      expect(header.spinner.style.display).toBe('');
      expect(header.spinner.firstElementChild).not.toBeNull();
    });
  });

  it('keeps white text readable over a white picture: a dark shade at the text line, no dimmed time', () => {
    const header = new StoryHeader();
    header.setOwner({ username: 'sam', avatarUrl: null });
    header.setTakenAt(1000, 1000 + 60);
    // The shade holds its darkness down past the text line before it fades.
    expect(header.element.style.background).toContain(`rgba(0, 0, 0, ${SHADE_ALPHA}) 56px`);
    // White over white under that shade: WCAG contrast of at least 4.5:1.
    const channel = (1 - SHADE_ALPHA) * 255;
    const linear = ((channel / 255 + 0.055) / 1.055) ** 2.4;
    expect(1.05 / (linear + 0.05)).toBeGreaterThanOrEqual(4.5);
    const time = [...header.element.querySelectorAll('span')].find((s) => s.textContent === '1m');
    expect(time).toBeDefined();
    expect(time!.style.opacity).toBe('');
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
