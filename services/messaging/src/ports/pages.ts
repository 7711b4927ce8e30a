/** The hosted subscription pages: tiny, dependency-free HTML with a form that POSTs (no GET side effects). */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function subscriptionPage(
  kind: 'unsubscribe' | 'subscribe' | 'manage' | 'invalid',
  token: string,
  email: string,
  subscribed: boolean,
  done: boolean,
): string {
  const t = encodeURIComponent(token);
  let title: string;
  let body: string;
  if (kind === 'invalid') {
    title = 'Link not valid';
    body = '<p>This link is not valid. Use the newest link from one of our emails.</p>';
  } else if (done) {
    title = subscribed ? 'You are subscribed' : 'You are unsubscribed';
    body = `<p>${esc(email)} ${subscribed ? 'will receive our emails again' : 'will no longer receive marketing emails'}.</p>
      <form method="post" action="/${subscribed ? 'unsubscribe' : 'subscribe'}/${t}"><button type="submit">${subscribed ? 'Unsubscribe' : 'Subscribe again'}</button></form>`;
  } else if (kind === 'manage') {
    title = 'Email preferences';
    body = `<p>${esc(email)} is currently <strong>${subscribed ? 'subscribed' : 'unsubscribed'}</strong>.</p>
      <form method="post" action="/manage/${t}"><input type="hidden" name="subscribed" value="${subscribed ? 'false' : 'true'}">
      <button type="submit">${subscribed ? 'Unsubscribe' : 'Subscribe'}</button></form>`;
  } else {
    title = kind === 'unsubscribe' ? 'Unsubscribe' : 'Subscribe';
    body = `<p>${kind === 'unsubscribe' ? 'Stop' : 'Start'} sending marketing emails to ${esc(email)}?</p>
      <form method="post" action="/${kind}/${t}"><button type="submit">${title}</button></form>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.5rem 1rem}</style>
</head><body><h1>${title}</h1>${body}</body></html>`;
}
