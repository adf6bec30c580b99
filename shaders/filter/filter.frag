#version 300 es
precision highp float;
// The photo "look" shader: one parametric grade per filter (shaders/filter/looks.ts), mixed with
// the original by strength, then the Edit tab's adjustments (shaders/filter/adjustments.ts) in a
// fixed order. shaders/filter/cpu.ts mirrors this maths step by step for the CPU fallback; keep
// the two in sync (tests compare them within 2/255).

in vec2 vTextureCoord;
out vec4 finalColor;

uniform sampler2D uTexture;
uniform vec4 uInputSize;
uniform vec4 uOutputFrame;

uniform vec4 uTone;          // exposure multiplier, brightness, contrast factor, saturation factor
uniform vec3 uShift;         // white balance offset per channel (warmth, tint)
uniform vec3 uGamma;         // per-channel tone curve exponent
uniform vec3 uLift;          // per-channel output black point (fade)
uniform vec3 uGain;          // per-channel output white point
uniform vec3 uShadowTint;    // added in the shadows
uniform vec3 uHighlightTint; // added in the highlights
uniform vec2 uFinish;        // vignette amount, strength
uniform vec4 uAdjTone;       // brightness curve, contrast factor, saturation factor, warmth
uniform vec4 uAdjLight;      // fade scale, fade offset, highlights, shadows
uniform vec3 uAdjFinish;     // vignette, sharpen, on (the program variant: see variants.ts)

const vec3 LUMA = vec3(0.2126, 0.7152, 0.0722);

vec3 grade(vec3 c, vec2 uv)
{
    c = c * uTone.x;
    c = (c - 0.5) * uTone.z + 0.5 + uTone.y;
    c = mix(vec3(dot(c, LUMA)), c, uTone.w);
    c = clamp(c + uShift, 0.0, 1.0);
    c = pow(c, uGamma);
    c = mix(uLift, uGain, c);
    float luma = dot(c, LUMA);
    c += uShadowTint * (1.0 - smoothstep(0.0, 0.55, luma));
    c += uHighlightTint * smoothstep(0.45, 1.0, luma);
    float corner = length(uv - 0.5) * 1.41421356;
    c *= 1.0 - uFinish.x * smoothstep(0.35, 1.0, corner);
    return clamp(c, 0.0, 1.0);
}

#ifdef GLINT_ADJUST
// Brightness, contrast, saturation, warmth, fade, highlights, shadows, vignette, sharpen.
vec3 adjust(vec3 c, vec3 straight, vec2 uv)
{
    c += uAdjTone.x * c * (1.0 - c);
    c = (c - 0.5) * uAdjTone.y + 0.5;
    c = mix(vec3(dot(c, LUMA)), c, uAdjTone.z);
    c = clamp(c + vec3(uAdjTone.w, 0.0, -uAdjTone.w), 0.0, 1.0);
    c = max(c * uAdjLight.x + uAdjLight.y, 0.0);
    float luma = dot(c, LUMA);
    c += uAdjLight.z * smoothstep(0.5, 1.0, luma);
    c += uAdjLight.w * (1.0 - smoothstep(0.0, 0.5, luma));
    c = clamp(c, 0.0, 1.0);
    float corner = length(uv - 0.5) * 1.41421356;
    c *= 1.0 - uAdjFinish.x * smoothstep(0.3, 1.0, corner);
#ifdef GLINT_SHARPEN
    // Unsharp mask on the original's luma: the photo's detail, never the filter's colours.
    vec2 texel = uInputSize.zw;
    vec3 around = texture(uTexture, vTextureCoord + vec2(texel.x, 0.0)).rgb
        + texture(uTexture, vTextureCoord - vec2(texel.x, 0.0)).rgb
        + texture(uTexture, vTextureCoord + vec2(0.0, texel.y)).rgb
        + texture(uTexture, vTextureCoord - vec2(0.0, texel.y)).rgb;
    c += uAdjFinish.y * dot(straight - around * 0.25, LUMA);
#endif
    return clamp(c, 0.0, 1.0);
}
#endif

void main(void)
{
    vec4 source = texture(uTexture, vTextureCoord);
    // Pixi hands filters premultiplied colour; photos are opaque, but stay correct for alpha.
    vec3 straight = source.a > 0.0 ? source.rgb / source.a : vec3(0.0);
    vec2 uv = vTextureCoord * uInputSize.xy / uOutputFrame.zw;
    vec3 graded = mix(straight, grade(straight, uv), uFinish.y);
#ifdef GLINT_ADJUST
    graded = adjust(graded, straight, uv);
#endif
    finalColor = vec4(graded * source.a, source.a);
}
