import { stream } from 'hono/streaming';
import { csvFileName, exportHistoryCsv } from '#server/history/csv-export.server';
import { sessionTimeZone } from '#server/history/history-page.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { videosContract } from '#shared/videos.contract';
import type { VideosDeps } from './video-answers.server';

/** `GET /api/videos/export.csv`: the history's list as CSV, streamed, named by today's date in the user's zone. */
export const exportVideosCsvRoute =
  ({ pool }: VideosDeps): OperationHandler<typeof videosContract.exportVideosCsv> =>
  async (c, { query }) => {
    const { user } = sessionOf(c);
    const timeZone = sessionTimeZone(user);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${csvFileName(new Date(), timeZone)}"`);
    c.header('Cache-Control', 'no-store');
    return stream(
      c,
      async (out) => {
        await exportHistoryCsv(
          pool,
          user.id,
          query,
          timeZone,
          async (chunk) => {
            await out.write(chunk);
          },
          () => out.aborted || out.closed,
        );
      },
      async (error, out) => {
        // Headers are gone already: cut the body short so the download shows as failed, not as complete.
        c.get('logger').error({ err: error }, 'CSV export failed mid-stream');
        out.abort();
      },
    );
  };
