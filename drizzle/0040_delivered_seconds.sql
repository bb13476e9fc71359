-- hand-written: drizzle-kit asks about a rename interactively; the rename is written here, the snapshot matches it.
-- One name per thing (ADR 0051): the length the delivered file measures is `delivered_seconds`; the length asked
-- for stays `clip_seconds`. A rename keeps every row's value.
ALTER TABLE "video_requests" RENAME COLUMN "duration_seconds" TO "delivered_seconds";
