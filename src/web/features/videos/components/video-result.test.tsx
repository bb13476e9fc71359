import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { videoRequest } from '#tests/support/web-fixtures';
import { VideoPlayer } from './video-result';

const completed = (videoUrl: string) => videoRequest({ status: 'completed', videoUrl });
const src = () => screen.getByTestId('video-player').getAttribute('src');

it('keeps playing its URL when a refetch signs the same file again, and takes a fresh one once it has failed', () => {
  const onExpired = vi.fn();
  const { rerender } = render(
    <VideoPlayer request={completed('/media/u/v/video.mp4?expires=100&signature=a')} onExpired={onExpired} />,
  );
  const element = screen.getByTestId('video-player');

  // A live event or the window's focus read the request again: the same file, signed later.
  rerender(
    <VideoPlayer request={completed('/media/u/v/video.mp4?expires=160&signature=b')} onExpired={onExpired} />,
  );
  expect(src()).toBe('/media/u/v/video.mp4?expires=100&signature=a');
  expect(screen.getByTestId('video-player')).toBe(element);

  // The signature expired while the page stayed open: the player asks for fresh URLs once and plays the new one.
  fireEvent.error(element);
  expect(onExpired).toHaveBeenCalledTimes(1);
  rerender(
    <VideoPlayer request={completed('/media/u/v/video.mp4?expires=900&signature=c')} onExpired={onExpired} />,
  );
  expect(src()).toBe('/media/u/v/video.mp4?expires=900&signature=c');
});

it('plays another file at once', () => {
  const { rerender } = render(
    <VideoPlayer request={completed('/media/u/v/video.mp4?signature=a')} onExpired={vi.fn()} />,
  );
  rerender(<VideoPlayer request={completed('/media/u/v/captioned.mp4?signature=b')} onExpired={vi.fn()} />);
  expect(src()).toBe('/media/u/v/captioned.mp4?signature=b');
});
