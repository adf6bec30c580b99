/**
 * The photo look as one full-frame quad: shaders/filter's fragment shader (the GLSL the worker's
 * export runs) sampling a texture that already holds the cropped, rotated and sized photo, 1:1.
 *
 * Why not a Filter on the photo sprite: Pixi renders a filtered object into a pooled
 * power-of-two texture and then runs the filter over it, so every strength change paid two
 * full-frame passes (the photo resampled from the ≤ 2048 px preview with mipmaps, then the look)
 * plus a 2048² clear. The input only changes with the image, so FilterPreview draws it once and a
 * strength change costs a uniform update and this one quad.
 */
import { Mesh, MeshGeometry, Shader, Texture, UniformGroup } from 'pixi.js';
import type { Adjustments, FilterName } from '../../shaders/filter';
import { createLookUniforms, lookProgram, setLookUniforms } from './LookFilter';

// Pixi's mesh uniforms place the unit quad (scaled to the frame), so it lands right on the
// canvas and in extract's render textures alike. vTextureCoord runs 0..1 over the frame, like
// the filter vertex shader's over a filter frame.
const quadVertex = `#version 300 es
in vec2 aPosition;
in vec2 aUV;
out vec2 vTextureCoord;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;

void main(void)
{
    mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
    gl_Position = vec4((mvp * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
    vTextureCoord = aUV;
}
`;

export class LookQuad extends Mesh<MeshGeometry, Shader> {
  private readonly lookShader: Shader;
  private readonly lookUniforms: UniformGroup;
  /** The fragment's frame uniforms: with both sizes equal, its vignette uv spans 0..1. */
  private readonly frameUniforms: UniformGroup;

  constructor() {
    const lookUniforms = createLookUniforms('normal', 1);
    const frameUniforms = new UniformGroup({
      uInputSize: { value: new Float32Array([1, 1, 1, 1]), type: 'vec4<f32>' },
      uOutputFrame: { value: new Float32Array([0, 0, 1, 1]), type: 'vec4<f32>' },
    });
    const shader = new Shader({
      glProgram: lookProgram(quadVertex, 'look', 'glint-look-quad'),
      resources: { uTexture: Texture.EMPTY.source, lookUniforms, frameUniforms },
    });
    super({ geometry: new MeshGeometry({}), shader });
    this.lookShader = shader;
    this.lookUniforms = lookUniforms;
    this.frameUniforms = frameUniforms;
    // The photo is opaque and covers the frame: no blending, each pixel is written once.
    this.blendMode = 'none';
  }

  /** Shows `input` 1:1 at the origin; the quad takes its size. */
  setInput(input: Texture): void {
    const { width, height } = input;
    this.lookShader.resources.uTexture = input.source;
    const { uInputSize, uOutputFrame } = this.frameUniforms.uniforms as Record<
      'uInputSize' | 'uOutputFrame',
      Float32Array
    >;
    uInputSize.set([width, height, 1 / width, 1 / height]);
    uOutputFrame.set([0, 0, width, height]);
    this.frameUniforms.update();
    this.scale.set(width, height);
  }

  setLook(filterName: FilterName, strength: number, adjustments?: Partial<Adjustments>): void {
    const variant = setLookUniforms(this.lookUniforms, filterName, strength, adjustments);
    this.lookShader.glProgram = lookProgram(quadVertex, variant, 'glint-look-quad');
  }
}
