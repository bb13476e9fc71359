import { describe, expect, it } from 'vitest';
import { s3MediaOrigin } from './s3-storage.server';

describe('the origin presigned S3 URLs are served from (allowed by the CSP)', () => {
  it('is the virtual-hosted AWS bucket host by default', () => {
    expect(s3MediaOrigin({ bucket: 'cena-media', region: 'sa-east-1' })).toBe(
      'https://cena-media.s3.sa-east-1.amazonaws.com',
    );
  });

  it('is the endpoint itself with path-style addressing (MinIO, R2 and friends)', () => {
    expect(
      s3MediaOrigin({
        bucket: 'b',
        region: 'auto',
        endpoint: 'http://127.0.0.1:9000/',
        forcePathStyle: true,
      }),
    ).toBe('http://127.0.0.1:9000');
  });

  it('puts the bucket in front of a custom endpoint otherwise', () => {
    expect(s3MediaOrigin({ bucket: 'b', region: 'auto', endpoint: 'https://storage.example.com' })).toBe(
      'https://b.storage.example.com',
    );
  });
});
