import { useEffect, useRef, useState } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { api, apiUrl, type Project, type User } from '../api';
import { useQueryParam } from '../location';
import { useSession } from '../session';
import { ErrorBanner, Field, Submit, toApiError, useForm } from '../ui/form';
import { Spinner } from '../ui/kit';

/** The pages reachable without a session (and with one: a verification link works either way). */
export const PUBLIC_PATHS = ['/login', '/signup', '/verify-email', '/forgot-password', '/reset-password'];

export function AuthRoutes() {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="brand auth-brand">Herald</div>
        <Switch>
          <Route path="/login" component={Login} />
          <Route path="/signup" component={Signup} />
          <Route path="/verify-email" component={VerifyEmail} />
          <Route path="/forgot-password" component={ForgotPassword} />
          <Route path="/reset-password" component={ResetPassword} />
        </Switch>
      </div>
    </div>
  );
}

/** Where to go after logging in: the page that sent the user here, else the overview. */
function useNext() {
  const next = useQueryParam('next');
  return next && next.startsWith('/') && !PUBLIC_PATHS.includes(next.split('?')[0]) ? next : '/';
}

function OAuthButtons() {
  const { config } = useSession();
  const providers = config?.features.authProviders;
  if (!providers?.github && !providers?.google) return null;
  return (
    <div className="oauth">
      {providers.github && (
        <a className="button" href={apiUrl('/auth/oauth/github')}>
          Continue with GitHub
        </a>
      )}
      {providers.google && (
        <a className="button" href={apiUrl('/auth/oauth/google')}>
          Continue with Google
        </a>
      )}
    </div>
  );
}

function Login() {
  const { refresh } = useSession();
  const [, go] = useLocation();
  const next = useNext();
  const form = useForm({ email: '', password: '' }, { context: 'login' });
  return (
    <form
      onSubmit={form.submit(async (v) => {
        await api.post<User>('/auth/login', v);
        await refresh();
        go(next, { replace: true });
      })}
      noValidate
    >
      <h1>Log in</h1>
      <ErrorBanner error={form.error} />
      <Field form={form} name="email" label="Email" type="email" autoComplete="email" required />
      <Field form={form} name="password" label="Password" type="password" autoComplete="current-password" required />
      <Submit busy={form.busy}>Log in</Submit>
      <OAuthButtons />
      <p className="muted">
        <Link href="/forgot-password">Forgot your password?</Link> · <Link href="/signup">Create an account</Link>
      </p>
    </form>
  );
}

function Signup() {
  const { refresh, config } = useSession();
  const [, go] = useLocation();
  const invitation = useQueryParam('invitation');
  const form = useForm({ email: useQueryParam('email') ?? '', password: '' }, { context: 'signup' });
  const [checkMail, setCheckMail] = useState(false);
  const { user } = useSession();
  if (user && invitation) return <AcceptInvitation token={invitation} />;
  if (config && !config.features.signup.enabled && !invitation) {
    return (
      <div>
        <h1>Sign up</h1>
        <p>Signing up is turned off on this deployment. Ask an administrator to invite you.</p>
        <Link href="/login">Log in</Link>
      </div>
    );
  }
  if (checkMail) {
    return (
      <div>
        <h1>Check your email</h1>
        <p>
          We sent a link to <strong>{form.values.email}</strong>. Open it to verify your address, then log in.
        </p>
        <Link href="/login">Log in</Link>
      </div>
    );
  }
  return (
    <form
      onSubmit={form.submit(async (v) => {
        await api.post<User>('/auth/signup', { ...v, ...(invitation ? { invitation } : {}) });
        // With REQUIRE_EMAIL_VERIFICATION the account exists but no session is set until the address is verified.
        const me = await api.get<User>('/users/@me', { quiet401: true }).catch(() => null);
        if (!me) return setCheckMail(true);
        await refresh();
        go('/', { replace: true });
      })}
      noValidate
    >
      <h1>{invitation ? 'Join your team on Herald' : 'Create your account'}</h1>
      <ErrorBanner error={form.error} />
      <Field form={form} name="email" label="Email" type="email" autoComplete="email" required />
      <Field form={form} name="password" label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." required />
      <Submit busy={form.busy}>Sign up</Submit>
      <OAuthButtons />
      <p className="muted">
        Have an account? <Link href="/login">Log in</Link>
      </p>
    </form>
  );
}

/** A logged-in user opening an invitation link joins its project with one click. */
function AcceptInvitation({ token }: { token: string }) {
  const { refresh, selectProject } = useSession();
  const [, go] = useLocation();
  const [error, setError] = useState<unknown>();
  return (
    <div>
      <h1>Join the project</h1>
      <p>You are logged in. Accept the invitation to add its project to your account.</p>
      <ErrorBanner error={error} />
      <button
        type="button"
        className="primary"
        onClick={() =>
          api.post<Project>('/users/@me/invitations/accept', { token }).then(async (joined) => {
            await refresh();
            selectProject(joined.id);
            go('/', { replace: true });
          }, setError)
        }
      >
        Accept the invitation
      </button>
    </div>
  );
}

function VerifyEmail() {
  const token = useQueryParam('token');
  const { user, refresh } = useSession();
  const [state, setState] = useState<{ done?: boolean; error?: unknown }>({});
  // A token works once: the request is made once, even where effects run twice (React's StrictMode in development).
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    api.post('/auth/verify-email', { token }).then(
      () => {
        setState({ done: true });
        void refresh();
      },
      (error) => setState({ error }),
    );
  }, [token, refresh]);
  if (!token) return <p>This link has no token. Open the link from the email again.</p>;
  if (state.error) {
    return (
      <div>
        <h1>Verify your email</h1>
        <ErrorBanner error={state.error} />
        {user ? <ResendVerification /> : <Link href="/login">Log in to get a new link</Link>}
      </div>
    );
  }
  if (!state.done) return <Spinner label="Verifying…" />;
  return (
    <div>
      <h1>Email verified</h1>
      <p>Your address is verified.</p>
      <Link href={user ? '/' : '/login'}>{user ? 'Go to the dashboard' : 'Log in'}</Link>
    </div>
  );
}

export function ResendVerification() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>();
  return (
    <div>
      <ErrorBanner error={error} />
      {sent ? (
        <p role="status">A new link is on its way.</p>
      ) : (
        <button
          type="button"
          onClick={() =>
            api.post('/auth/request-verification').then(
              () => setSent(true),
              (e) => setError(toApiError(e)),
            )
          }
        >
          Send a new verification email
        </button>
      )}
    </div>
  );
}

function ForgotPassword() {
  const form = useForm({ email: '' });
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <div>
        <h1>Check your email</h1>
        <p>
          If an account uses <strong>{form.values.email}</strong>, a link to choose a new password is on its way. It is valid for one hour.
        </p>
        <Link href="/login">Back to log in</Link>
      </div>
    );
  }
  return (
    <form
      onSubmit={form.submit(async (v) => {
        await api.post('/auth/request-password-reset', v);
        setSent(true);
      })}
      noValidate
    >
      <h1>Reset your password</h1>
      <ErrorBanner error={form.error} />
      <Field form={form} name="email" label="Email" type="email" autoComplete="email" required />
      <Submit busy={form.busy}>Send the link</Submit>
      <p className="muted">
        <Link href="/login">Back to log in</Link>
      </p>
    </form>
  );
}

function ResetPassword() {
  const token = useQueryParam('token') ?? '';
  const form = useForm({ newPassword: '' });
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <div>
        <h1>Password changed</h1>
        <p>Every other session of this account has been logged out.</p>
        <Link href="/login">Log in</Link>
      </div>
    );
  }
  return (
    <form
      onSubmit={form.submit(async (v) => {
        await api.post('/auth/reset-password', { token, newPassword: v.newPassword });
        setDone(true);
      })}
      noValidate
    >
      <h1>Choose a new password</h1>
      <ErrorBanner error={form.error} />
      <Field form={form} name="newPassword" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." required />
      <Submit busy={form.busy}>Change password</Submit>
    </form>
  );
}
