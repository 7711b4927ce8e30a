import { useEffect, useState } from 'react';
import { api } from '../../api';

/**
 * Whether this deployment keeps mail in its dev mailbox (no SMTP_URL, outside production) and the
 * caller may read it: GET /dev/mailbox itself says so (200, or 404 when it is off; 403 for a
 * member below ADMIN). Asked once per page load and project.
 */
const known = new Map<string, Promise<boolean>>();

export function devMailboxOn(projectId: string): Promise<boolean> {
  let p = known.get(projectId);
  if (!p) {
    p = api.get('/dev/mailbox?limit=1').then(
      () => true,
      () => false,
    );
    known.set(projectId, p);
  }
  return p;
}

export function useDevMailboxOn(projectId: string | undefined): boolean | undefined {
  const [on, setOn] = useState<boolean>();
  useEffect(() => {
    if (!projectId) return;
    let live = true;
    void devMailboxOn(projectId).then((v) => live && setOn(v));
    return () => {
      live = false;
    };
  }, [projectId]);
  return on;
}
