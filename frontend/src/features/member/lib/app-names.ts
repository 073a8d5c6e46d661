import { useCallback } from 'react';
import { useSiteConfig } from '@/lib/site-config';

/** The founder's name without the "Coach" title ("Coach Alex Reid" → "Alex Reid"). */
export function withoutCoachTitle(founderName: string): string {
  return founderName.replace(/^Coach\s+/, '');
}

/**
 * Fills in the names a text from the content service may hold, `{productName}` and
 * `{founderNameWithoutTitle}` (docs/API.md), from the site config (GET /api/config): the one
 * place for them. Until the config is there the placeholders become empty.
 */
export function useWithAppNames(): (text: string) => string {
  const site = useSiteConfig();
  const productName = site?.productName ?? '';
  const founderNameWithoutTitle = site ? withoutCoachTitle(site.founderName) : '';
  return useCallback(
    (text: string) =>
      text.replace(/\{(productName|founderNameWithoutTitle)\}/g, (_match, key: string) =>
        key === 'productName' ? productName : founderNameWithoutTitle,
      ),
    [productName, founderNameWithoutTitle],
  );
}
