import { useSiteConfig } from '@/lib/site-config';

/** Sets the document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  const product = useSiteConfig()?.productName;
  const text = title
    ? [title, product].filter(Boolean).join(' | ')
    : [product, 'the mental game of golf'].filter(Boolean).join(': ');
  return <title>{text}</title>;
}
