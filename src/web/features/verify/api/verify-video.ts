import { useMutation } from '@tanstack/react-query';
import type { VerifyResult } from '#shared/provenance';
import { provenanceContract } from '#shared/provenance.contract';
import { callApi } from '#web/lib/api';

/** What the visitor asks about: a chosen file, or a pasted Cena link. */
export type VerifyInput = { file: File } | { link: string };

/** `POST /api/verify` (ADR 0065): the file is sent as is; the server streams it to disk and reads it. */
export function useVerifyVideo() {
  return useMutation({
    mutationFn: (input: VerifyInput): Promise<VerifyResult> => {
      const form = new FormData();
      if ('file' in input) form.append('file', input.file);
      else form.append('link', input.link);
      return callApi(provenanceContract.verifyVideo, { form });
    },
  });
}
