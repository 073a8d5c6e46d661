import { appConfig } from '@/config/app-config';

/** The founder's name without the "Coach" title ("Alex Reid"). */
export const founderNameWithoutTitle = appConfig.founderName.replace(/^Coach\s+/, '');

const NAMES = { productName: appConfig.productName, founderNameWithoutTitle };

/**
 * Fills in the names a text from the content service may hold, `{productName}` and
 * `{founderNameWithoutTitle}` (docs/API.md), from the app config: the one place for them.
 */
export function withAppNames(text: string): string {
  return text.replace(/\{(productName|founderNameWithoutTitle)\}/g, (_match, key: keyof typeof NAMES) => NAMES[key]);
}
