import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../api';
import { toApiError } from '../../ui/form';
import type { Design } from './types';
import './design-editor.css';

/**
 * The email editor's blocks (loaded on demand: only a template edited with blocks pays for it).
 * Every block is a labelled group with its fields and its move and remove buttons; Herald
 * compiles the design to email HTML (MJML) when it previews or saves it.
 */
type Block = Design['blocks'][number];
type Section = Extract<Block, { type: 'section' }>;
type Content = Section['columns'][number]['blocks'][number];
type Kind = Block['type'];

const NAMES: Record<Kind, string> = {
  section: 'Section',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  spacer: 'Spacer',
  social: 'Social links',
  footer: 'Footer',
};
const CONTENT_KINDS = ['text', 'image', 'button', 'divider', 'spacer', 'social', 'footer'] as const;
const NETWORKS = ['facebook', 'x', 'instagram', 'linkedin', 'youtube', 'github', 'pinterest', 'tiktok', 'web'] as const;

let seq = 0;
const newId = () => `b${Date.now().toString(36)}${(seq++).toString(36)}`;

function newContent(kind: Content['type']): Content {
  const id = newId();
  switch (kind) {
    case 'text':
      return { type: 'text', id, html: '<p>Write something.</p>' };
    case 'image':
      return { type: 'image', id, src: '', alt: '' };
    case 'button':
      return { type: 'button', id, label: 'Read more', href: 'https://', color: '#4f46e5', textColor: '#ffffff' };
    case 'divider':
      return { type: 'divider', id, color: '#e5e7eb' };
    case 'spacer':
      return { type: 'spacer', id, height: 24 };
    case 'social':
      return { type: 'social', id, links: [{ network: 'x', href: 'https://x.com/' }] };
    case 'footer':
      return { type: 'footer', id, text: '', unsubscribeLabel: 'Unsubscribe' };
  }
}
const newBlock = (kind: Kind): Block => (kind === 'section' ? { type: 'section', id: newId(), columns: [{ blocks: [] }, { blocks: [] }] } : newContent(kind));

/** The contact fields a variable can name: the built-in email and the project's data keys. */
function useVariables(): string[] {
  const [vars, setVars] = useState<string[]>(['email']);
  useEffect(() => {
    let live = true;
    api.get<{ fields: Array<{ field: string; isCustom: boolean }> }>('/contacts/fields').then(
      (f) => live && setVars(['email', ...f.fields.filter((x) => x.isCustom && x.field.startsWith('data.')).map((x) => x.field.slice(5))]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return vars;
}

function move<T>(list: T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** A variable with its fallback, in the syntax Herald renders: `{{firstName ?? "friend"}}`. */
export const variableToken = (name: string, fallback: string) =>
  fallback.trim() ? `{{${name} ?? ${fallback.includes('"') ? `'${fallback.replace(/'/g, '')}'` : `"${fallback}"`}}}` : `{{${name}}}`;

export default function DesignEditor({ design, onChange, errors }: { design: Design; onChange: (d: Design) => void; errors?: Record<string, string> }) {
  const vars = useVariables();
  return (
    <div className="de">
      <div className="tpl-row">
        <ColorField label="Page colour" value={design.background} onChange={(background) => onChange({ ...design, background })} />
        <ColorField label="Email colour" value={design.contentBackground} onChange={(contentBackground) => onChange({ ...design, contentBackground })} />
      </div>
      <BlockList
        label="Email blocks"
        blocks={design.blocks}
        kinds={['section', ...CONTENT_KINDS]}
        vars={vars}
        path="design.blocks"
        errors={errors ?? {}}
        onChange={(blocks) => onChange({ ...design, blocks: blocks as Design['blocks'] })}
      />
    </div>
  );
}

function BlockList<B extends Block>({
  label,
  blocks,
  kinds,
  vars,
  path,
  errors,
  onChange,
}: {
  label: string;
  blocks: B[];
  kinds: readonly Kind[];
  vars: string[];
  path: string;
  errors: Record<string, string>;
  onChange: (b: B[]) => void;
}) {
  const [adding, setAdding] = useState<Kind>(kinds.includes('text') ? 'text' : kinds[0]);
  const addId = useId();
  const top = kinds.includes('section');
  return (
    <div className="de-list">
      <ol className="de-blocks" aria-label={label}>
        {blocks.map((b, i) => (
          <li key={b.id}>
            <fieldset className="de-block" aria-label={`${NAMES[b.type]} block ${i + 1}`}>
              <legend>{NAMES[b.type]}</legend>
              <div className="de-actions">
                <button
                  type="button"
                  className="small"
                  aria-label={`Move ${NAMES[b.type]} block ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => onChange(move(blocks, i, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="small"
                  aria-label={`Move ${NAMES[b.type]} block ${i + 1} down`}
                  disabled={i === blocks.length - 1}
                  onClick={() => onChange(move(blocks, i, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="small danger"
                  aria-label={`Remove ${NAMES[b.type]} block ${i + 1}`}
                  onClick={() => onChange(blocks.filter((_, k) => k !== i))}
                >
                  Remove
                </button>
              </div>
              <BlockFields
                block={b}
                vars={vars}
                path={`${path}.${i}`}
                errors={errors}
                onChange={(nb) => onChange(blocks.map((x, k) => (k === i ? (nb as B) : x)))}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="de-add">
        <label htmlFor={addId}>{top ? 'Add a block' : `Add a block to ${label.toLowerCase()}`}</label>
        <select id={addId} value={adding} onChange={(e) => setAdding(e.target.value as Kind)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {NAMES[k]}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => onChange([...blocks, newBlock(adding) as B])}>
          {top ? 'Add block' : `Add to ${label.toLowerCase()}`}
        </button>
      </div>
    </div>
  );
}

function FieldError({ errors, path }: { errors: Record<string, string>; path: string }) {
  const own = Object.entries(errors).filter(([k]) => k === path);
  return own.length ? (
    <div className="field-error" role="alert">
      {own.map(([, m]) => m).join(' ')}
    </div>
  ) : null;
}

function TextField({
  label,
  value,
  onChange,
  errors,
  path,
  type = 'text',
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  errors: Record<string, string>;
  path: string;
  type?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors[path] ? true : undefined}
      />
      <FieldError errors={errors} path={path} />
    </div>
  );
}

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field de-color">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="color" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function BlockFields({
  block: b,
  vars,
  path,
  errors,
  onChange,
}: {
  block: Block;
  vars: string[];
  path: string;
  errors: Record<string, string>;
  onChange: (b: Block) => void;
}) {
  const set = (patch: Partial<Block>) => onChange({ ...b, ...patch } as Block);
  const e = (k: string) => `${path}.${k}`;
  switch (b.type) {
    case 'section':
      return <SectionFields block={b} vars={vars} path={path} errors={errors} onChange={onChange} />;
    case 'text':
      return <RichText html={b.html} vars={vars} onChange={(html) => set({ html })} />;
    case 'image':
      return (
        <>
          <TextField label="Image URL" type="url" value={b.src} onChange={(src) => set({ src })} errors={errors} path={e('src')} placeholder="https://" />
          <ImageUpload onUploaded={(src) => set({ src })} />
          <TextField label="Alternative text" value={b.alt} onChange={(alt) => set({ alt })} errors={errors} path={e('alt')} />
          <TextField
            label="Image link"
            value={b.href ?? ''}
            onChange={(href) => set({ href: href || undefined })}
            errors={errors}
            path={e('href')}
            placeholder="https://"
          />
        </>
      );
    case 'button':
      return (
        <>
          <TextField label="Button label" value={b.label} onChange={(label) => set({ label })} errors={errors} path={e('label')} />
          <TextField label="Button link" value={b.href} onChange={(href) => set({ href })} errors={errors} path={e('href')} />
          <div className="tpl-row">
            <ColorField label="Button colour" value={b.color} onChange={(color) => set({ color })} />
            <ColorField label="Label colour" value={b.textColor} onChange={(textColor) => set({ textColor })} />
          </div>
        </>
      );
    case 'divider':
      return <ColorField label="Line colour" value={b.color} onChange={(color) => set({ color })} />;
    case 'spacer':
      return (
        <TextField
          label="Height (px)"
          type="number"
          value={String(b.height)}
          onChange={(h) => set({ height: Math.max(4, Math.min(200, Number(h) || 4)) })}
          errors={errors}
          path={e('height')}
        />
      );
    case 'social':
      return (
        <div className="de-social">
          {b.links.map((l, i) => (
            <div className="tpl-row" key={i}>
              <div className="field">
                <label htmlFor={`${b.id}-n${i}`}>Network {i + 1}</label>
                <select
                  id={`${b.id}-n${i}`}
                  value={l.network}
                  onChange={(ev) => set({ links: b.links.map((x, k) => (k === i ? { ...x, network: ev.target.value as (typeof NETWORKS)[number] } : x)) })}
                >
                  {NETWORKS.map((n) => (
                    <option key={n}>{n}</option>
                  ))}
                </select>
              </div>
              <TextField
                label={`Link ${i + 1}`}
                value={l.href}
                onChange={(href) => set({ links: b.links.map((x, k) => (k === i ? { ...x, href } : x)) })}
                errors={errors}
                path={e(`links.${i}.href`)}
              />
            </div>
          ))}
          <div className="de-actions">
            <button type="button" className="small" onClick={() => set({ links: [...b.links, { network: 'web', href: 'https://' }] })}>
              Add a link
            </button>
            {b.links.length > 1 && (
              <button type="button" className="small" onClick={() => set({ links: b.links.slice(0, -1) })}>
                Remove the last link
              </button>
            )}
          </div>
        </div>
      );
    case 'footer':
      return (
        <>
          <div className="field">
            <label htmlFor={`${b.id}-t`}>Footer text</label>
            <textarea
              id={`${b.id}-t`}
              rows={2}
              value={b.text}
              onChange={(ev) => set({ text: ev.target.value })}
              placeholder="Your company, its postal address"
            />
          </div>
          <TextField
            label="Unsubscribe link text"
            value={b.unsubscribeLabel}
            onChange={(unsubscribeLabel) => set({ unsubscribeLabel })}
            errors={errors}
            path={e('unsubscribeLabel')}
          />
          <p className="field-hint">The link opens the contact&rsquo;s own unsubscribe page.</p>
        </>
      );
  }
}

function SectionFields({
  block: b,
  vars,
  path,
  errors,
  onChange,
}: {
  block: Section;
  vars: string[];
  path: string;
  errors: Record<string, string>;
  onChange: (b: Block) => void;
}) {
  const id = useId();
  const setColumns = (n: number) => {
    const cols = b.columns.slice(0, n);
    while (cols.length < n) cols.push({ blocks: [] });
    // Blocks of the columns removed move to the last one kept.
    const dropped = b.columns.slice(n).flatMap((c) => c.blocks);
    if (dropped.length) cols[n - 1] = { blocks: [...cols[n - 1].blocks, ...dropped] };
    onChange({ ...b, columns: cols });
  };
  return (
    <>
      <div className="tpl-row">
        <div className="field">
          <label htmlFor={id}>Columns</label>
          <select id={id} value={b.columns.length} onChange={(e) => setColumns(Number(e.target.value))}>
            <option value={1}>1</option>
            <option value={2}>2</option>
            <option value={3}>3</option>
          </select>
        </div>
        <ColorField label="Section colour" value={b.background ?? '#ffffff'} onChange={(background) => onChange({ ...b, background })} />
      </div>
      <div className="de-columns" style={{ gridTemplateColumns: `repeat(${b.columns.length}, minmax(0, 1fr))` }}>
        {b.columns.map((c, i) => (
          <BlockList
            key={i}
            label={`Column ${i + 1}`}
            blocks={c.blocks}
            kinds={CONTENT_KINDS}
            vars={vars}
            path={`${path}.columns.${i}.blocks`}
            errors={errors}
            onChange={(blocks) => onChange({ ...b, columns: b.columns.map((x, k) => (k === i ? { blocks: blocks as Content[] } : x)) })}
          />
        ))}
      </div>
    </>
  );
}

function ImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const id = useId();
  const [state, setState] = useState<string>();
  return (
    <div className="field">
      <label htmlFor={id}>Upload an image</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setState('Uploading…');
          const form = new FormData();
          form.append('image', file);
          try {
            const r = await api.upload<{ url: string }>('/uploads/image', form);
            onUploaded(r.url);
            setState('Uploaded.');
          } catch (err) {
            setState(toApiError(err).message);
          }
        }}
      />
      {state && (
        <div className="field-hint" role="status">
          {state}
        </div>
      )}
    </div>
  );
}

/**
 * Rich text in a contenteditable: bold, italic and links from a small toolbar, and variables with
 * a fallback inserted where the caret is. Herald keeps only simple tags when it compiles.
 */
function RichText({ html, vars, onChange }: { html: string; vars: string[]; onChange: (html: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const range = useRef<Range | undefined>(undefined);
  const [variable, setVariable] = useState('');
  const [fallback, setFallback] = useState('');
  const varId = useId();
  const fbId = useId();
  // Written into the element only when it differs from what it shows (typing keeps the caret).
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== html) ref.current.innerHTML = html;
  }, [html]);
  const keep = () => {
    const s = window.getSelection();
    if (s && s.rangeCount && ref.current?.contains(s.anchorNode)) range.current = s.getRangeAt(0);
  };
  const exec = (cmd: string, value?: string) => {
    ref.current?.focus();
    if (range.current) {
      const s = window.getSelection();
      s?.removeAllRanges();
      s?.addRange(range.current);
    }
    document.execCommand(cmd, false, value);
    onChange(ref.current?.innerHTML ?? '');
  };
  const chosen = variable || vars[0] || '';
  return (
    <div className="de-text">
      <div className="de-toolbar" role="toolbar" aria-label="Text formatting">
        <button type="button" className="small" aria-label="Bold" onMouseDown={(e) => e.preventDefault()} onClick={() => exec('bold')}>
          <b>B</b>
        </button>
        <button type="button" className="small" aria-label="Italic" onMouseDown={(e) => e.preventDefault()} onClick={() => exec('italic')}>
          <i>I</i>
        </button>
        <button
          type="button"
          className="small"
          aria-label="Link"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const url = prompt('Link to (https://…)');
            if (url) exec('createLink', url);
          }}
        >
          Link
        </button>
        <label htmlFor={varId} className="visually-hidden">
          Variable
        </label>
        <select id={varId} value={chosen} onChange={(e) => setVariable(e.target.value)}>
          {vars.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
        <label htmlFor={fbId} className="visually-hidden">
          Fallback
        </label>
        <input id={fbId} className="de-fallback" placeholder="fallback" value={fallback} onChange={(e) => setFallback(e.target.value)} />
        <button type="button" className="small" disabled={!chosen} onClick={() => exec('insertText', variableToken(chosen, fallback))}>
          Insert variable
        </button>
      </div>
      <div
        ref={ref}
        className="de-editable"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label="Text"
        onInput={() => onChange(ref.current?.innerHTML ?? '')}
        onKeyUp={keep}
        onMouseUp={keep}
        onBlur={keep}
      />
    </div>
  );
}
