import { describe, expect, it, vi } from 'vitest';

const loseContext = vi.fn();
const gl = {
  isContextLost: () => false,
  getExtension: (name: string) => (name === 'WEBGL_lose_context' ? { loseContext } : null),
};

vi.mock('../../../src/canvas/story/earlyContext', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  takeStoryContext: () => ({
    canvas: document.createElement('canvas'),
    gl,
    width: 375,
    height: 812,
    resolution: 2,
  }),
}));

vi.mock('pixi.js', () => ({
  Container: class {},
  Sprite: class {},
  Texture: { WHITE: {} },
  DOMAdapter: { get: () => ({}), set: () => undefined },
  getTestContext: () => undefined,
  WebGLRenderer: class {
    init(): Promise<void> {
      return Promise.reject(new Error('no shader compiler'));
    }
  },
}));

describe("the story viewer's renderer", () => {
  it('gives the early WebGL context back when the renderer fails to start on it', async () => {
    const { takeRenderer } = await import('../../../src/canvas/story/renderer');
    await expect(takeRenderer(375, 812)).rejects.toThrow('no shader compiler');
    expect(loseContext).toHaveBeenCalledTimes(1);
  });
});
