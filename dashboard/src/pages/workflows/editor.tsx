import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { api, ApiError, type FieldError } from '../../api';
import { ErrorBanner, toApiError } from '../../ui/form';
import { Badge, Modal } from '../../ui/kit';
import {
  layout,
  NODE_H,
  NODE_W,
  outletKey,
  outletsOf,
  placeFor,
  STEP_LABELS,
  STEP_TYPES,
  summary,
  type AddableType,
  type Lookups,
  type Outlet,
  type Position,
  type Step,
  type Transition,
} from './model';
import { StepForm, type StepBody } from './step-form';
import './editor.css';

/**
 * The workflow's graph, drawn: steps as boxes at their stored positions, transitions as arrows
 * labelled with their branch (yes/no, a branch's name) or outcome (EVENT/TIMEOUT). A step is moved
 * by dragging it (or with the arrow buttons of its panel); two steps are connected by dragging from
 * one of the source's handles onto the target (or with the "Connect to…" select of its panel).
 * Every change goes to the API at once; what it refuses shows beside what was tried.
 */

/** The API calls the editor makes (passed in, so a test can watch them). */
export interface EditorCalls {
  addStep(body: StepBody & { type: AddableType; position: Position }): Promise<Step>;
  updateStep(stepId: string, body: Partial<StepBody> & { position?: Position }): Promise<Step>;
  deleteStep(stepId: string, splice: boolean): Promise<void>;
  addTransition(body: { fromStepId: string; toStepId: string } & Outlet['body']): Promise<Transition>;
  deleteTransition(transitionId: string): Promise<void>;
  /** The graph as the API now has it (after a splice, which rewires transitions on its side). */
  load(): Promise<{ steps: Step[]; transitions: Transition[] }>;
}

export function apiCalls(workflowId: string): EditorCalls {
  const base = `/workflows/${workflowId}`;
  return {
    addStep: (body) => api.post<Step>(`${base}/steps`, body),
    updateStep: (id, body) => api.patch<Step>(`${base}/steps/${id}`, body),
    deleteStep: (id, splice) => api.del(`${base}/steps/${id}${splice ? '?splice=true' : ''}`),
    addTransition: (body) => api.post<Transition>(`${base}/transitions`, body),
    deleteTransition: (id) => api.del(`${base}/transitions/${id}`),
    load: () => api.get(base),
  };
}

const GRID = 10;
const snap = (n: number) => Math.max(0, Math.round(n / GRID) * GRID);

/** A drag in progress: moving a step, or pulling a transition out of one of its outlets. */
type Drag =
  | { kind: 'move'; stepId: string; pointerId: number; startX: number; startY: number; from: Position; moved: boolean }
  | { kind: 'connect'; stepId: string; outlet: Outlet; pointerId: number; x: number; y: number };

export function WorkflowEditor(props: {
  steps: Step[];
  transitions: Transition[];
  calls: EditorCalls;
  lookups: Lookups;
  /** Why the graph cannot run (the 422 of enabling): fields `steps.<id>…` mark those steps. */
  problems?: FieldError[];
  /** What the TRIGGER step's panel shows (the trigger's settings). */
  triggerPanel?: ReactNode;
  readOnly?: boolean;
}) {
  const { calls, lookups } = props;
  const [steps, setSteps] = useState(props.steps);
  const [transitions, setTransitions] = useState(props.transitions);
  const [selected, setSelected] = useState<string | undefined>();
  const [drag, setDrag] = useState<Drag>();
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState<AddableType>();
  const [addType, setAddType] = useState<AddableType>('SEND_EMAIL');
  const canvas = useRef<HTMLDivElement>(null);

  const positions = useMemo(() => {
    const p = layout(steps, transitions);
    if (drag?.kind === 'move') {
      const s = steps.find((x) => x.id === drag.stepId);
      if (s?.position) p.set(s.id, s.position);
    }
    return p;
  }, [steps, transitions, drag]);
  const byId = useMemo(() => new Map(steps.map((s) => [s.id, s])), [steps]);
  const problemsOf = (id: string) => (props.problems ?? []).filter((p) => p.field === `steps.${id}` || p.field.startsWith(`steps.${id}.`));

  /** Runs one change, showing the API's refusal in the editor's banner. */
  async function run(what: string, f: () => Promise<unknown>) {
    setError(undefined);
    try {
      await f();
      setStatus(what);
    } catch (err) {
      setError(err);
    }
  }

  const replaceStep = (s: Step) => setSteps((all) => all.map((x) => (x.id === s.id ? s : x)));

  async function move(stepId: string, to: Position) {
    const before = byId.get(stepId);
    setSteps((all) => all.map((x) => (x.id === stepId ? { ...x, position: to } : x)));
    await run('Step moved', async () => {
      try {
        replaceStep(await calls.updateStep(stepId, { position: to }));
      } catch (err) {
        if (before) replaceStep(before);
        throw err;
      }
    });
  }

  async function connect(from: string, to: string, outlet: Outlet) {
    const t = await calls.addTransition({ fromStepId: from, toStepId: to, ...outlet.body });
    setTransitions((all) => [...all, t]);
    setStatus(`Connected ${byId.get(from)?.name}${outlet.label ? ` (${outlet.label})` : ''} to ${byId.get(to)?.name}`);
  }

  // ——— Pointer: drag a step, or a transition out of a handle ———

  function canvasPoint(e: { clientX: number; clientY: number }) {
    const r = canvas.current?.getBoundingClientRect();
    return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
  }

  function onNodePointerDown(e: ReactPointerEvent, step: Step) {
    if (props.readOnly || e.button !== 0) return;
    const from = positions.get(step.id)!;
    // Selected on press too: with the pointer captured, the click may land on the box, not its button.
    setSelected(step.id);
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ kind: 'move', stepId: step.id, pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, from, moved: false });
  }

  function onHandlePointerDown(e: ReactPointerEvent, step: Step, outlet: Outlet) {
    if (props.readOnly || e.button !== 0) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ kind: 'connect', stepId: step.id, outlet, pointerId: e.pointerId, ...canvasPoint(e) });
  }

  function onPointerMove(e: ReactPointerEvent) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    if (drag.kind === 'move') {
      const dx = e.clientX - drag.startX;
      const dy = e.clientY - drag.startY;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      const to = { x: snap(drag.from.x + dx), y: snap(drag.from.y + dy) };
      setSteps((all) => all.map((x) => (x.id === drag.stepId ? { ...x, position: to } : x)));
      if (!drag.moved) setDrag({ ...drag, moved: true });
    } else {
      setDrag({ ...drag, ...canvasPoint(e) });
    }
  }

  function onPointerUp(e: ReactPointerEvent) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    setDrag(undefined);
    if (drag.kind === 'move') {
      const s = byId.get(drag.stepId);
      if (drag.moved && s?.position) void move(s.id, s.position);
      return;
    }
    const target = document.elementFromPoint?.(e.clientX, e.clientY)?.closest<HTMLElement>('[data-step-id]')?.dataset.stepId;
    if (target && target !== drag.stepId) {
      void run('Connected', () => connect(drag.stepId, target, drag.outlet));
    }
  }

  const sel = selected ? byId.get(selected) : undefined;
  const all = [...positions.values()];
  const width = Math.max(600, ...all.map((p) => p.x + NODE_W + 40));
  const height = Math.max(320, ...all.map((p) => p.y + NODE_H + 60));

  const outletPoint = (s: Step, key: string): Position => {
    const p = positions.get(s.id)!;
    const outs = outletsOf(s);
    const i = Math.max(
      0,
      outs.findIndex((o) => o.key === key),
    );
    return { x: p.x + ((i + 1) * NODE_W) / (outs.length + 1), y: p.y + NODE_H };
  };

  return (
    <div className="wf-editor">
      <div className="wf-main">
        {!props.readOnly && (
          <div className="toolbar wf-toolbar">
            <label className="wf-add">
              Step type
              <select value={addType} onChange={(e) => setAddType(e.target.value as AddableType)}>
                {STEP_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {STEP_LABELS[t]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="primary" onClick={() => setAdding(addType)}>
              Add step
            </button>
          </div>
        )}
        <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
        <div className="wf-scroll">
          <div
            className="wf-canvas"
            ref={canvas}
            style={{ width, height }}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => setDrag(undefined)}
          >
            <svg className="wf-edges" width={width} height={height} aria-hidden>
              <defs>
                <marker id="wf-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                  <path d="M 0 0 L 10 5 L 0 10 z" />
                </marker>
              </defs>
              {transitions.map((t) => {
                const from = byId.get(t.fromStepId);
                const to = positions.get(t.toStepId);
                if (!from || !to || !positions.get(from.id)) return null;
                const a = outletPoint(from, outletKey(t));
                const b = { x: to.x + NODE_W / 2, y: to.y };
                const bend = Math.max(40, Math.abs(b.y - a.y) / 2);
                const label = outletsOf(from).find((o) => o.key === outletKey(t))?.label ?? outletKey(t);
                return (
                  <g key={t.id} className="wf-edge" data-transition-id={t.id}>
                    <path d={`M ${a.x} ${a.y} C ${a.x} ${a.y + bend}, ${b.x} ${b.y - bend}, ${b.x} ${b.y - 2}`} markerEnd="url(#wf-arrow)" />
                    {label && label !== 'next' && (
                      <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2} className={`wf-edge-label wf-edge-${label.toLowerCase()}`}>
                        {label}
                      </text>
                    )}
                  </g>
                );
              })}
              {drag?.kind === 'connect' && byId.get(drag.stepId) && (
                <line
                  className="wf-rubber"
                  x1={outletPoint(byId.get(drag.stepId)!, drag.outlet.key).x}
                  y1={outletPoint(byId.get(drag.stepId)!, drag.outlet.key).y}
                  x2={drag.x}
                  y2={drag.y}
                />
              )}
            </svg>
            {steps.map((s) => {
              const p = positions.get(s.id)!;
              const used = new Set(transitions.filter((t) => t.fromStepId === s.id).map(outletKey));
              const outs = outletsOf(s);
              const bad = problemsOf(s.id).length > 0;
              return (
                <div
                  key={s.id}
                  className={`wf-node wf-node-${s.type.toLowerCase()}${selected === s.id ? ' wf-selected' : ''}${bad ? ' wf-node-problem' : ''}${drag?.kind === 'move' && drag.stepId === s.id && drag.moved ? ' wf-dragging' : ''}`}
                  data-step-id={s.id}
                  data-testid={`step-${s.id}`}
                  style={{ left: p.x, top: p.y, width: NODE_W, height: NODE_H }}
                  onPointerDown={(e) => onNodePointerDown(e, s)}
                >
                  <button
                    type="button"
                    className="wf-node-main"
                    aria-pressed={selected === s.id}
                    onClick={() => setSelected(s.id)}
                    aria-label={`${s.name}, ${STEP_LABELS[s.type]} step${bad ? ', has a problem' : ''}`}
                  >
                    <span className="wf-node-type">{STEP_LABELS[s.type]}</span>
                    <span className="wf-node-name">{s.name}</span>
                    <span className="wf-node-summary">{s.type === 'TRIGGER' ? '' : summary(s, lookups)}</span>
                  </button>
                  {!props.readOnly &&
                    outs.map((o, i) => (
                      <span
                        key={o.key}
                        className={`wf-handle${used.has(o.key) ? ' wf-handle-used' : ''}`}
                        style={{ left: ((i + 1) * NODE_W) / (outs.length + 1) }}
                        title={`Drag to a step to connect${o.label ? ` ${o.label}` : ''}`}
                        data-outlet={o.key}
                        aria-hidden
                        onPointerDown={(e) => onHandlePointerDown(e, s, o)}
                      >
                        {o.label && <span className="wf-handle-label">{o.label}</span>}
                      </span>
                    ))}
                </div>
              );
            })}
          </div>
        </div>
        <p className="muted wf-help">
          Drag a step to move it; drag from the dot under a step onto another step to connect them. Or select a step and use its panel.
        </p>
        <div className="visually-hidden" role="status" aria-live="polite">
          {status}
        </div>
      </div>
      <aside className="wf-panel card" aria-label="Step settings">
        {!sel ? (
          <p className="muted">Select a step to change it or connect it.</p>
        ) : (
          <StepPanel
            key={sel.id}
            step={sel}
            steps={steps}
            transitions={transitions}
            lookups={lookups}
            problems={problemsOf(sel.id)}
            triggerPanel={props.triggerPanel}
            readOnly={props.readOnly}
            onSave={async (body) => {
              replaceStep(await calls.updateStep(sel.id, body));
              setStatus('Step saved');
            }}
            onConnect={(to, outlet) => connect(sel.id, to, outlet)}
            onDisconnect={(t) =>
              run('Transition removed', async () => {
                await calls.deleteTransition(t.id);
                setTransitions((all) => all.filter((x) => x.id !== t.id));
              })
            }
            onMove={(dx, dy) => {
              const p = positions.get(sel.id)!;
              void move(sel.id, { x: Math.max(0, p.x + dx), y: Math.max(0, p.y + dy) });
            }}
            onDelete={(splice) =>
              run('Step deleted', async () => {
                await calls.deleteStep(sel.id, splice);
                const g = await calls.load();
                setSteps(g.steps);
                setTransitions(g.transitions);
                setSelected(undefined);
              })
            }
          />
        )}
      </aside>
      <Modal open={!!adding} title={adding ? `Add a ${STEP_LABELS[adding].toLowerCase()} step` : ''} onClose={() => setAdding(undefined)}>
        {adding && (
          <StepForm
            type={adding}
            lookups={lookups}
            submitLabel="Add step"
            onSubmit={async (body) => {
              const s = await calls.addStep({ type: adding, ...body, position: placeFor(positions, selected) });
              setSteps((all) => [...all, s]);
              setSelected(s.id);
              setAdding(undefined);
              setStatus(`${s.name} added`);
            }}
          />
        )}
      </Modal>
    </div>
  );
}

/** The selected step: its config, its ways out (connect/remove), moving it, deleting it. */
function StepPanel(props: {
  step: Step;
  steps: Step[];
  transitions: Transition[];
  lookups: Lookups;
  problems: FieldError[];
  triggerPanel?: ReactNode;
  readOnly?: boolean;
  onSave: (body: StepBody) => Promise<void>;
  onConnect: (to: string, outlet: Outlet) => Promise<void>;
  onDisconnect: (t: Transition) => void;
  onMove: (dx: number, dy: number) => void;
  onDelete: (splice: boolean) => void;
}) {
  const { step } = props;
  const out = props.transitions.filter((t) => t.fromStepId === step.id);
  const name = (id: string) => props.steps.find((s) => s.id === id)?.name ?? id;
  return (
    <>
      <h2>
        {step.name} <Badge tone="info">{STEP_LABELS[step.type]}</Badge>
      </h2>
      {props.problems.length > 0 && (
        <div className="banner banner-warn" role="alert">
          <ul className="banner-fields">
            {props.problems.map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </div>
      )}
      {step.type === 'TRIGGER'
        ? props.triggerPanel
        : !props.readOnly && (
            <StepForm
              type={step.type}
              name={step.name}
              config={step.config}
              templateId={step.templateId}
              lookups={props.lookups}
              submitLabel="Save step"
              onSubmit={props.onSave}
            />
          )}
      {step.type !== 'EXIT' && (
        <section className="wf-panel-section">
          <h3>Ways out</h3>
          {outletsOf(step).map((o) => {
            const t = out.find((x) => outletKey(x) === o.key);
            return t ? (
              <div key={o.key} className="wf-way">
                <span>
                  {o.label && <Badge>{o.label}</Badge>} → {name(t.toStepId)}
                </span>
                {!props.readOnly && (
                  <button
                    type="button"
                    className="small danger"
                    onClick={() => props.onDisconnect(t)}
                    aria-label={`Remove the transition${o.label ? ` ${o.label}` : ''} to ${name(t.toStepId)}`}
                  >
                    Remove
                  </button>
                )}
              </div>
            ) : props.readOnly ? (
              <p key={o.key} className="muted">
                {o.label || 'Next'}: not connected
              </p>
            ) : (
              <ConnectControl key={o.key} step={step} outlet={o} steps={props.steps} onConnect={props.onConnect} />
            );
          })}
        </section>
      )}
      {!props.readOnly && (
        <section className="wf-panel-section">
          <h3>Position</h3>
          <div className="wf-move" role="group" aria-label="Move the step">
            <button type="button" className="small" onClick={() => props.onMove(-20, 0)} aria-label="Move left">
              ←
            </button>
            <button type="button" className="small" onClick={() => props.onMove(0, -20)} aria-label="Move up">
              ↑
            </button>
            <button type="button" className="small" onClick={() => props.onMove(0, 20)} aria-label="Move down">
              ↓
            </button>
            <button type="button" className="small" onClick={() => props.onMove(20, 0)} aria-label="Move right">
              →
            </button>
          </div>
        </section>
      )}
      {!props.readOnly && step.type !== 'TRIGGER' && (
        <section className="wf-panel-section actions">
          <button type="button" className="danger" onClick={() => confirm(`Delete the step “${step.name}” and its transitions?`) && props.onDelete(false)}>
            Delete step
          </button>
          <button
            type="button"
            className="danger"
            title="Delete the step and connect the steps before it to the one after it"
            onClick={() => confirm(`Delete “${step.name}” and connect the steps before it to the one after it?`) && props.onDelete(true)}
          >
            Delete and reconnect
          </button>
        </section>
      )}
    </>
  );
}

/** The keyboard way to connect: pick the step this way out leads to. */
function ConnectControl({
  step,
  outlet,
  steps,
  onConnect,
}: {
  step: Step;
  outlet: Outlet;
  steps: Step[];
  onConnect: (to: string, outlet: Outlet) => Promise<void>;
}) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const label = outlet.label ? `Connect ${outlet.label} to` : 'Connect to';
  const targets = steps.filter((s) => s.id !== step.id && s.type !== 'TRIGGER');
  useEffect(() => setError(undefined), [to]);
  const message = error && (['toStepId', 'branch', 'waitOutcome', 'fromStepId'].map((f) => error.fieldMessage(f)).find(Boolean) ?? error.message);
  return (
    <form
      className="wf-connect"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!to || busy) return;
        setBusy(true);
        try {
          await onConnect(to, outlet);
        } catch (err) {
          setError(toApiError(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className={`field${message ? ' field-invalid' : ''}`}>
        <label htmlFor={`connect-${step.id}-${outlet.key}`}>{label}…</label>
        <div className="wf-connect-row">
          <select id={`connect-${step.id}-${outlet.key}`} value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={message ? true : undefined}>
            <option value="">Choose a step…</option>
            {targets.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({STEP_LABELS[s.type]})
              </option>
            ))}
          </select>
          <button type="submit" className="small" disabled={!to || busy}>
            Connect
          </button>
        </div>
        {message && (
          <div className="field-error" role="alert">
            {message}
            {error?.suggestion && <div>{error.suggestion}</div>}
          </div>
        )}
      </div>
    </form>
  );
}
