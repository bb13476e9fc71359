import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { MAX_PRESIGN_SECONDS, sigV4Presigner } from './sigv4-presign.server';

/**
 * The local SigV4 presigner against AWS's own published example and against the AWS SDK's presigner: the same
 * request must get the same signature, or S3 would refuse the link.
 */

const EXAMPLE_CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('sigV4Presigner', () => {
  it("reproduces the presigned URL of AWS's example (sigv4-query-string-auth, GET examplebucket/test.txt)", () => {
    const sign = sigV4Presigner({
      credentials: EXAMPLE_CREDENTIALS,
      region: 'us-east-1',
      service: 's3',
      signedAt: new Date('2013-05-24T00:00:00Z'),
      expiresIn: 86_400,
    });
    expect(sign('https://examplebucket.s3.amazonaws.com', '/test.txt')).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it("signs exactly what the AWS SDK's getSignedUrl signs (session token, disposition, custom endpoint)", async () => {
    const signedAt = new Date('2026-01-02T03:04:05Z');
    const credentials = { ...EXAMPLE_CREDENTIALS, sessionToken: 'FwoGZXIvYXdzE+token/with=chars' };
    for (const { endpoint, forcePathStyle, origin, path } of [
      {
        endpoint: undefined,
        forcePathStyle: false,
        origin: 'https://cena-media.s3.sa-east-1.amazonaws.com',
        path: '/u1/videos/r1/video.mp4',
      },
      {
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        origin: 'http://127.0.0.1:9000',
        path: '/cena-media/u1/videos/r1/video.mp4',
      },
    ]) {
      const client = new S3Client({
        region: 'sa-east-1',
        credentials,
        forcePathStyle,
        ...(endpoint ? { endpoint } : {}),
      });
      const sdkUrl = new URL(
        await getSignedUrl(
          client,
          new GetObjectCommand({
            Bucket: 'cena-media',
            Key: 'u1/videos/r1/video.mp4',
            ResponseContentDisposition: 'attachment; filename="video.mp4"',
          }),
          { expiresIn: MAX_PRESIGN_SECONDS, signingDate: signedAt },
        ),
      );
      client.destroy();
      // The SDK adds parameters of its own (x-id, checksum mode): sign the same set, so only the signing differs.
      const extra = Object.fromEntries(
        [...sdkUrl.searchParams].filter(
          ([name]) =>
            !/^X-Amz-(Algorithm|Credential|Date|Expires|Security-Token|SignedHeaders|Signature)$/.test(name),
        ),
      );
      const ours = new URL(
        sigV4Presigner({
          credentials,
          region: 'sa-east-1',
          service: 's3',
          signedAt,
          expiresIn: MAX_PRESIGN_SECONDS,
        })(origin, path, extra),
      );
      expect(`${ours.origin}${ours.pathname}`).toBe(`${sdkUrl.origin}${sdkUrl.pathname}`);
      expect(Object.fromEntries(ours.searchParams)).toEqual(Object.fromEntries(sdkUrl.searchParams));
    }
  });

  it('refuses an expiry S3 would refuse (over 7 days, or none)', () => {
    const base = {
      credentials: EXAMPLE_CREDENTIALS,
      region: 'us-east-1',
      service: 's3',
      signedAt: new Date(),
    };
    expect(() => sigV4Presigner({ ...base, expiresIn: MAX_PRESIGN_SECONDS + 1 })).toThrow(RangeError);
    expect(() => sigV4Presigner({ ...base, expiresIn: 0 })).toThrow(RangeError);
  });
});
