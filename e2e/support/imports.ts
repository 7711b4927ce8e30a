import { Api, ApiResponse, eventually } from '../../libs/testing/src';

/** POST /contacts/import of a CSV file (multipart part `file`). */
export async function importCsv(api: Api, content: Buffer | string, filename = 'contacts.csv'): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), filename);
  const res = await fetch(`${api.baseUrl}/contacts/import`, { method: 'POST', headers: { authorization: `Bearer ${api.key}` }, body: form });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** An import or bulk job's status once it has ended (completed or failed). */
export async function waitJob(api: Api, kind: 'import' | 'bulk', jobId: string, timeoutMs = 60_000, intervalMs = 100) {
  return eventually(
    async () => {
      const res = await api.get(`/contacts/${kind}/${jobId}`);
      expect(res.status).toBe(200);
      return res.body.status === 'completed' || res.body.status === 'failed' ? res.body : undefined;
    },
    timeoutMs,
    intervalMs,
  );
}
