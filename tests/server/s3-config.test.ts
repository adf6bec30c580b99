import { describe, expect, it } from 'vitest';
import { loadConfig, parseS3Settings } from '../../server/config.ts';
import { s3ClientConfig } from '../../server/media/s3.ts';
import { contentTypeOf, singleRange } from '../../server/media/s3Storage.ts';

// Pure pieces of the S3 storage: no bucket needed, these always run.
const FULL = {
  S3_ENDPOINT: 'http://127.0.0.1:7480/',
  S3_BUCKET: 'glint',
  S3_ACCESS_KEY_ID: 'AKID',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('S3 settings from the environment', () => {
  it('keeps local disk when no S3 variable is set', () => {
    expect(parseS3Settings({})).toBeNull();
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).s3).toBeNull();
  });

  it('reads the four variables with region us-east-1 and path-style by default', () => {
    expect(parseS3Settings(FULL)).toEqual({
      endpoint: 'http://127.0.0.1:7480',
      bucket: 'glint',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(
      parseS3Settings({ ...FULL, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'false' }),
    ).toMatchObject({ region: 'eu-west-3', forcePathStyle: false });
  });

  it('stops at startup on a partial or malformed configuration, naming what is wrong', () => {
    expect(() => parseS3Settings({ S3_ENDPOINT: 'http://127.0.0.1:7480' })).toThrow(
      /missing: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseS3Settings({ ...FULL, S3_ENDPOINT: '127.0.0.1:7480' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => parseS3Settings({ ...FULL, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
  });

  it('asks the SDK for checksums only when required (the gateway refuses streamed bodies otherwise)', () => {
    const config = s3ClientConfig(parseS3Settings(FULL)!);
    expect(config).toMatchObject({
      endpoint: 'http://127.0.0.1:7480',
      region: 'us-east-1',
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
    });
  });
});

describe('serving from the bucket', () => {
  it('gives each media key the content type of its extension', () => {
    expect(contentTypeOf('p/1/1080.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('s/2/video.MP4')).toBe('video/mp4');
    expect(contentTypeOf('promo/banner.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('x/no-extension')).toBe('application/octet-stream');
  });

  it('passes one byte range on and serves several ranges whole', () => {
    expect(singleRange('bytes=0-99')).toBe('bytes=0-99');
    expect(singleRange('bytes=100-')).toBe('bytes=100-');
    expect(singleRange('bytes=-50')).toBe('bytes=-50');
    expect(singleRange('bytes=0-1,5-9')).toBeUndefined();
    expect(singleRange('items=0-1')).toBeUndefined();
    expect(singleRange(undefined)).toBeUndefined();
  });
});
