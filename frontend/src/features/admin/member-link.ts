import { adminPaths } from '@/features/admin/paths';

/**
 * The members list opened on one member's view: found by their address (`q`), opened by their id
 * (`member`); members-panel.tsx reads both.
 */
export function memberViewHref(id: string, email: string): string {
  return `${adminPaths.members.getHref()}?${new URLSearchParams({ q: email, member: id }).toString()}`;
}
