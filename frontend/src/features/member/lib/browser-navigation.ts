/**
 * Full-page navigation outside the SPA (e.g. to the server's /api/login entry). One object so
 * tests can watch it with vi.spyOn(browserNavigation, 'assign').
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
