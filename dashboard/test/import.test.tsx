/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import ImportPage from '../src/pages/contacts/import';

/** The CSV import form: the file, its refusals (413, 422) shown with message and suggestion, and where an accepted upload leads. */

function reply(status: number, body: unknown) {
  return { status, ok: status < 400, statusText: '', text: async () => JSON.stringify(body), headers: { get: () => null } };
}

function renderAt() {
  const mem = memoryLocation({ path: '/import', record: true });
  render(
    <Router hook={mem.hook}>
      <ImportPage />
    </Router>,
  );
  return mem;
}

const csv = (name = 'people.csv') => new File(['email\na@b.test\n'], name, { type: 'text/csv' });

describe('CSV import form', () => {
  afterEach(() => {
    delete (globalThis as any).fetch;
  });

  it('asks for a file before uploading anything', async () => {
    const fetch = jest.fn();
    (globalThis as any).fetch = fetch;
    renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Choose a CSV file to import');
    expect(screen.getByLabelText('CSV file').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a 413 once, next to the file, with its suggestion, keeping the file chosen', async () => {
    (globalThis as any).fetch = jest.fn(async () =>
      reply(413, {
        success: false,
        error: {
          code: 'PAYLOAD_TOO_LARGE',
          statusCode: 413,
          message: 'The file is larger than 5242880 bytes',
          suggestion: 'Split the file into imports of at most 5242880 bytes each.',
          errors: [{ field: 'file', message: 'must be at most 5242880 bytes' }],
        },
      }),
    );
    renderAt();
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv('big.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(document.getElementById('import-file-error')).not.toBeNull());
    expect(document.getElementById('import-file-error')!.textContent).toBe(
      'must be at most 5242880 bytes. Split the file into imports of at most 5242880 bytes each.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByText('big.csv')).toBeTruthy();
  });

  it('takes a dropped file, uploads it as the multipart part file, and opens its job by id', async () => {
    const fetch = jest.fn(async (_url: string, _init: RequestInit) => reply(202, { jobId: 'job-1', status: 'queued' }));
    (globalThis as any).fetch = fetch;
    const mem = renderAt();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [csv('dropped.csv')] } });
    await screen.findByText('dropped.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(mem.history).toContain('/import?job=job-1'));
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/contacts/import');
    expect(init.method).toBe('POST');
    expect(((init.body as FormData).get('file') as File).name).toBe('dropped.csv');
  });
});
