import { api } from '@/lib/api';
import { buildUrl, fetchError, readApiError } from '@/lib/base-query';
import { filenameFromContentDisposition, saveBlob } from '@/lib/download-file';

/** Used when the server names no file. */
export const EXPORT_FALLBACK_FILENAME = 'my-data.json';

export const exportUserDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/auth/user/export (logged in) → 200 JSON attachment with everything held about the
     * member. Not a cached read: the answer is saved as a file (Blob + object URL) under the
     * Content-Disposition filename, and the mutation resolves with that filename.
     */
    exportUserData: build.mutation<{ filename: string }, void>({
      queryFn: async (_arg, { signal }) => {
        let response: Response;
        try {
          response = await fetch(buildUrl('auth/user/export'), { credentials: 'include', signal });
        } catch (err) {
          return { error: fetchError(err) };
        }
        if (!response.ok) return { error: await readApiError(response) };
        const filename =
          filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? EXPORT_FALLBACK_FILENAME;
        saveBlob(await response.blob(), filename);
        return { data: { filename } };
      },
    }),
  }),
});

export const { useExportUserDataMutation } = exportUserDataApi;
