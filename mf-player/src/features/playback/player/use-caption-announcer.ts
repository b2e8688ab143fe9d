import { useEffect, useState } from 'react';

/** Subtitles for screen readers: the showing track's active cues, for a live region. */
export function useCaptionAnnouncer(video: HTMLVideoElement | null, enabled: boolean): string {
  const [captionText, setCaptionText] = useState('');
  useEffect(() => {
    if (!video || !enabled) {
      setCaptionText('');
      return;
    }
    const tracks = video.textTracks;
    const onCue = () => {
      const showing = [...Array.from(tracks)].find((t) => t.mode === 'showing');
      const cues = showing?.activeCues ? Array.from(showing.activeCues) : [];
      setCaptionText(
        cues
          .map((c) => ('text' in c ? String((c as VTTCue).text) : ''))
          .join('\n')
          .replace(/<[^>]+>/g, '')
          .trim(),
      );
    };
    const attach = () => Array.from(tracks).forEach((t) => t.addEventListener('cuechange', onCue));
    attach();
    tracks.addEventListener('addtrack', attach);
    tracks.addEventListener('change', onCue);
    return () => {
      Array.from(tracks).forEach((t) => t.removeEventListener('cuechange', onCue));
      tracks.removeEventListener('addtrack', attach);
      tracks.removeEventListener('change', onCue);
    };
  }, [video, enabled]);
  return captionText;
}
