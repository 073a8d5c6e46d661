import { appConfig } from '@/config/app-config';

/** Sets the document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  return (
    <title>{title ? `${title} | ${appConfig.productName}` : `${appConfig.productName}: the mental game of golf`}</title>
  );
}
