import { useState } from 'react';
import { AudioPlayer, type AudioPlayerProps } from '@/features/audio/components/audio-player';
import { VideoEmbed } from '@/components/ui/video-embed';
import { usePracticeEmbed } from '@/features/practice/lib/use-practice-embed';
import { usePracticeMedia } from '@/features/practice/lib/use-practice-media';
import type { PracticeItemRef } from '@/features/practice/types';

/** The shared audio player, reporting the member's listening of `item` to the practice service. */
export function PracticeAudioPlayer({ item, ...props }: AudioPlayerProps & { item: PracticeItemRef }) {
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  usePracticeMedia(audio, item);
  return <AudioPlayer {...props} mediaRef={setAudio} />;
}

/** A video embed (YouTube, Vimeo) reporting the member's watching of `item`, from `startAt` s. */
export function PracticeVideo({
  url,
  title,
  item,
  startAt,
}: {
  url: string;
  title: string;
  item: PracticeItemRef;
  startAt?: number | null;
}) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  usePracticeEmbed(frame, item);
  return <VideoEmbed url={url} title={title} tracked startAt={startAt} frameRef={setFrame} />;
}
