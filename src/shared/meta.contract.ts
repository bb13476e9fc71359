import { z } from 'zod';
import { defineContract } from './api-contract';

/** This document: checked for its shape, not restated. */
const openApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  paths: z.record(z.string(), z.unknown()),
});

/** `/api/openapi.json`: the API's own description, a loop over every contract (src/server/http/openapi.server.ts). */
export const metaContract = defineContract({
  getOpenApiDocument: {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tag: 'meta',
    auth: 'none',
    responses: { 200: { description: 'The document.', schema: openApiDocumentSchema } },
  },
});
