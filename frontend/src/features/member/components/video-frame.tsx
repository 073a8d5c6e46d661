import Box from '@mui/material/Box';
import { toEmbedUrl } from '@/lib/video-embed';

/** A responsive 16:9 (or 9:16 for short-form) video embed (YouTube, Vimeo or a direct URL, see lib/video-embed.ts). */
export function VideoFrame({ url, title, portrait = false }: { url: string; title: string; portrait?: boolean }) {
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: portrait ? '9 / 16' : '16 / 9',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: 'primary.dark',
        boxShadow: '0 12px 32px rgba(16, 42, 31, 0.18)',
      }}
    >
      <Box
        component="iframe"
        src={toEmbedUrl(url)}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
