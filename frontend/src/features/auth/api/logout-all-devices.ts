import { api } from '@/lib/api';

export const logoutAllDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/auth/logout-all (logged in) → 204: every session of the member ends, this one
     * too. No tags: the caller clears every cached answer, like logout (SPEC §4).
     */
    logoutAllDevices: build.mutation<null, void>({
      query: () => ({ url: 'auth/logout-all', method: 'POST' }),
    }),
  }),
});

export const { useLogoutAllDevicesMutation } = logoutAllDevicesApi;
