// A real OpenID Connect provider (oidc-provider, the certified implementation) on loopback for
// the OAuth e2e tests, standing in for Google. Started as a child process (the package is an ES
// module): node oidc-server.mjs <port> <client_id> <client_secret> <redirect_uri>.
// Logins need no form: the interaction logs in the account the test named last
// (POST /test/next-login { sub, email, email_verified }) and grants what the client asked.
import http from 'node:http';
import Provider from 'oidc-provider';

const [port, clientId, clientSecret, redirectUri] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const accounts = new Map();
let next;

const provider = new Provider(issuer, {
  clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  scopes: ['openid', 'email'],
  pkce: { required: () => true },
  findAccount: (_ctx, id) => {
    const a = accounts.get(id);
    return a && { accountId: id, claims: () => ({ sub: id, email: a.email, email_verified: a.email_verified }) };
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  features: { devInteractions: { enabled: false } },
});
provider.on('server_error', (_ctx, err) => console.error('oidc server_error', err));

const callback = provider.callback();
http
  .createServer(async (req, res) => {
    try {
      if (req.method === 'POST' && req.url === '/test/next-login') {
        let body = '';
        for await (const c of req) body += c;
        next = JSON.parse(body);
        accounts.set(next.sub, next);
        res.writeHead(204).end();
        return;
      }
      if (req.url.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          await provider.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
        } else {
          const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
          grant.addOIDCScope(details.params.scope);
          await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
        }
        return;
      }
      callback(req, res);
    } catch (err) {
      console.error(err);
      res.writeHead(500).end(String(err));
    }
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
