/**
 * Turn a lesson's videoUrl into an address an <iframe> can show (SPEC §7):
 * YouTube watch, shorts, youtu.be (and embed) links → https://www.youtube.com/embed/<id>,
 * Vimeo links → https://player.vimeo.com/video/<id>; any other URL is used as it is.
 */
export function toEmbedUrl(videoUrl: string): string {
  const raw = videoUrl.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');

  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    let id: string | null = null;
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = url.pathname.match(/^\/(shorts|embed|live|v)\/([^/?#]+)/);
      if (match) id = match[2] ?? null;
    }
    if (id) return youtubeEmbed(id, url.searchParams.get('t') ?? url.searchParams.get('start'));
    return raw;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.split('/')[1];
    if (id) return youtubeEmbed(id, url.searchParams.get('t'));
    return raw;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    if (host === 'player.vimeo.com') return raw;
    const segments = url.pathname.split('/').filter(Boolean);
    const idIndex = segments.findIndex((s) => /^\d+$/.test(s));
    if (idIndex >= 0) {
      const id = segments[idIndex]!;
      // Unlisted videos carry a privacy hash right after the id: vimeo.com/<id>/<hash>.
      const hash = segments[idIndex + 1];
      const privacy = hash && /^[0-9a-f]{6,}$/i.test(hash) ? `?h=${hash}` : '';
      return `https://player.vimeo.com/video/${id}${privacy}`;
    }
    return raw;
  }
  return raw;
}

function youtubeEmbed(id: string, start: string | null): string {
  const seconds = start ? parseStart(start) : 0;
  return `https://www.youtube.com/embed/${encodeURIComponent(id)}${seconds > 0 ? `?start=${seconds}` : ''}`;
}

function parseStart(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const match = value.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/);
  if (!match) return 0;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/**
 * The embed address for a player started by the visitor (components/ui/video-facade.tsx):
 * YouTube through youtube-nocookie.com (no cookies until the video plays), autoplay on, as the
 * visitor already pressed play. Vimeo and other addresses as toEmbedUrl gives them (+ autoplay).
 */
export function toPrivacyEmbedUrl(videoUrl: string, { autoplay = false }: { autoplay?: boolean } = {}): string {
  const embed = toEmbedUrl(videoUrl);
  let url: URL;
  try {
    url = new URL(embed);
  } catch {
    return embed;
  }
  if (url.hostname === 'www.youtube.com' && url.pathname.startsWith('/embed/'))
    url.hostname = 'www.youtube-nocookie.com';
  else if (url.hostname !== 'player.vimeo.com' && url.hostname !== 'www.youtube-nocookie.com') return embed;
  if (autoplay) url.searchParams.set('autoplay', '1');
  return url.toString();
}

/**
 * The embed address of a player the page follows (practice tracking): YouTube with its iframe
 * API on (`enablejsapi=1`, `origin`), Vimeo with `api=1`; `start` seconds in (YouTube `start`,
 * Vimeo `#t=`). Other addresses as toEmbedUrl gives them.
 */
export function toTrackedEmbedUrl(videoUrl: string, { origin, start }: { origin: string; start?: number | null }) {
  const embed = toEmbedUrl(videoUrl);
  let url: URL;
  try {
    url = new URL(embed);
  } catch {
    return embed;
  }
  const seconds = start && start > 0 ? Math.floor(start) : 0;
  if (url.hostname === 'www.youtube.com' && url.pathname.startsWith('/embed/')) {
    url.searchParams.set('enablejsapi', '1');
    url.searchParams.set('origin', origin);
    if (seconds) url.searchParams.set('start', String(seconds));
  } else if (url.hostname === 'player.vimeo.com') {
    url.searchParams.set('api', '1');
    if (seconds) url.hash = `t=${seconds}s`;
  }
  return url.toString();
}

/** Which player API an embed address speaks, if any. */
export function embedProvider(src: string): 'youtube' | 'vimeo' | null {
  try {
    const host = new URL(src).hostname;
    if (host === 'www.youtube.com' || host === 'www.youtube-nocookie.com') return 'youtube';
    if (host === 'player.vimeo.com') return 'vimeo';
  } catch {
    /* not a URL */
  }
  return null;
}
