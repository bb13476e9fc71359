/** Server-sent events (GET /api/events) read by tests. */

export interface ServerEvent {
  event: string;
  data: string;
}

/** Reads a text/event-stream response as a queue of events (comments are skipped). */
export function eventReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: ServerEvent[] = [];
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        const field = (name: string) =>
          lines
            .filter((line) => line.startsWith(`${name}: `))
            .map((line) => line.slice(name.length + 2))
            .join('\n');
        if (lines.length > 0) events.push({ event: field('event') || 'message', data: field('data') });
        end = buffer.indexOf('\n\n');
      }
    }
    ended = true;
  })();
  return {
    async next(timeoutMs = 5_000): Promise<ServerEvent> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const event = events.shift();
        if (event) return event;
        if (ended) throw new Error('the event stream ended');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no event within the timeout');
    },
    get ended() {
      return ended;
    },
    finished: pump,
    cancel: () => reader.cancel(),
  };
}
