/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { Preview, variablesOf } from '../src/pages/templates/editor';

/** A fetch whose answers the test hands out one by one, in any order (jsdom has no Response: what api.ts reads of one). */
function deferredFetch() {
  const calls: Array<{ body: any; resolve: (json: unknown) => void }> = [];
  const fetch = jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise((resolve) => {
        calls.push({
          body: JSON.parse(String(init.body)),
          resolve: (json) => resolve({ ok: true, status: 200, text: async () => JSON.stringify(json), headers: { get: () => null } }),
        });
      }),
  );
  return { fetch, calls };
}

const frame = () => screen.getByTitle('Email preview') as HTMLIFrameElement;

describe('template preview', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('names the variables a template uses, not the built-ins, helpers or nested paths', () => {
    expect(variablesOf('Hi {{name ?? "you"}}', '{{#if plan}}{{plan}}{{else}}-{{/if}} {{{html}}} {{email}} {{data.x}} {{~ trimmed ~}} {{! note }}')).toEqual([
      'name',
      'plan',
      'html',
      'trimmed',
    ]);
  });

  it('asks Herald once typing settles, shows only the newest answer, in a frame with every sandbox restriction', async () => {
    const { fetch, calls } = deferredFetch();
    global.fetch = fetch as unknown as typeof global.fetch;
    const onSample = jest.fn();
    const view = render(<Preview subject="Hi {{name}}" body="<p>one</p>" sample='{"name":"Ada"}' onSample={onSample} />);
    view.rerender(<Preview subject="Hi {{name}}" body="<p>one, two</p>" sample='{"name":"Ada"}' onSample={onSample} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    // Only the settled text was sent, with the sample data as the contact's data.
    expect(fetch.mock.calls[0][0]).toMatch(/\/templates\/preview$/);
    expect(calls[0].body).toEqual({ subject: 'Hi {{name}}', body: '<p>one, two</p>', data: { name: 'Ada' } });

    view.rerender(<Preview subject="Hi {{name}}" body="<p>three</p>" sample='{"name":"Ada"}' onSample={onSample} />);
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1].resolve({ subject: 'Hi Ada', html: '<p>three</p>', errors: [] });
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toBe('<p>three</p>'));
    expect(screen.getByTestId('preview-subject').textContent).toBe('Hi Ada');
    // The older answer arriving late changes nothing.
    calls[0].resolve({ subject: 'stale', html: '<p>one, two</p>', errors: [] });
    await new Promise((r) => setTimeout(r, 50));
    expect(frame().getAttribute('srcdoc')).toBe('<p>three</p>');
    expect(frame().getAttribute('sandbox')).toBe('');
  });

  it('says what is wrong with sample data that is not a JSON object, and keeps the last preview', async () => {
    const { fetch, calls } = deferredFetch();
    global.fetch = fetch as unknown as typeof global.fetch;
    const view = render(<Preview subject="s" body="<p>ok</p>" sample="{}" onSample={() => undefined} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].resolve({ subject: 's', html: '<p>ok</p>', errors: [{ field: 'body', message: 'does not compile at line 2, column 3: x' }] });
    await screen.findByText(/Line 2: x/);

    view.rerender(<Preview subject="s" body="<p>ok</p>" sample='{"name": ' onSample={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not valid JSON/);
    expect(screen.getByLabelText('Sample data (JSON)').getAttribute('aria-invalid')).toBe('true');
    view.rerender(<Preview subject="s" body="<p>ok</p>" sample="[1]" onSample={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/must be a JSON object/);
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toHaveLength(1);
    expect(frame().getAttribute('srcdoc')).toBe('<p>ok</p>');
  });
});
