import type { ReactNode } from 'react';
import { Modal } from '../../ui/kit';

/** What a MEMBER sees where owners and admins have controls. */
export function ReadOnlyNote({ children }: { children?: ReactNode }) {
  return (
    <p className="muted settings-note" role="note">
      {children ?? 'Only the owner and admins change these settings; you can read them.'}
    </p>
  );
}

/**
 * A yes/no question in a dialog (rather than `confirm()`, which blocks the page and which some
 * browsers suppress): the action runs only on the explicit button.
 */
export function Confirm(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={props.open} title={props.title} onClose={props.onClose}>
      {props.children}
      <div className="actions" style={{ marginTop: '1rem' }}>
        <button
          type="button"
          className={props.danger ? 'danger primary' : 'primary'}
          disabled={props.busy}
          aria-busy={props.busy || undefined}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/** A share (0–1) as a percentage with up to two decimals. */
export const percent = (ratio: number) => `${(Math.round(ratio * 10_000) / 100).toLocaleString()} %`;
