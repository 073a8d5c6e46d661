import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { parseRichLine, splitLines } from '@/features/member/lib/parse-rich-text';

/** Renders member-content text: one paragraph per line, **bold**, external http(s) links. */
export function RichText({ text }: { text: string }) {
  const lines = splitLines(text);
  return (
    <Box sx={{ '& p + p': { mt: 1 } }}>
      {lines.map((line, index) =>
        line.trim() === '' ? (
          <Box key={index} aria-hidden sx={{ height: 8 }} />
        ) : (
          <Typography key={index} component="p" variant="body1" sx={{ lineHeight: 1.7 }}>
            {parseRichLine(line).map((segment, i) => {
              const content =
                segment.kind === 'link' ? (
                  // Underlined: inside a paragraph a link must not be told apart by colour alone (WCAG 1.4.1).
                  <Link
                    href={segment.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    underline="always"
                    sx={{ wordBreak: 'break-word' }}
                  >
                    {segment.href}
                  </Link>
                ) : (
                  segment.text
                );
              return segment.bold ? <strong key={i}>{content}</strong> : <span key={i}>{content}</span>;
            })}
          </Typography>
        ),
      )}
    </Box>
  );
}
