import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { accountRules } from '@mayorista/core/messages/accountRules';
import { accountPages } from '@mayorista/core/messages/accountPages';
import type { Session } from '@mayorista/core/schemas/auth';
import { buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import type { AuthResult } from '../../../lib/auth/session/auth-client';
import { AuthCard, FormAlert } from './auth-card';

const text = accountPages;

// The link's token is single-use: a second request (React StrictMode runs effects twice, a
// re-render, a double click) would fail. One request per token per page load.
const verifications = new Map<string, Promise<AuthResult<Session>>>();

type State = { kind: 'verifying' } | { kind: 'done' } | { kind: 'already' } | { kind: 'failed'; message: string };

export function VerifyEmailView({ token }: { token: string | null }) {
  const { verifyEmail } = useAuth();
  const [state, setState] = useState<State>(token ? { kind: 'verifying' } : { kind: 'failed', message: text.missingToken });

  useEffect(() => {
    if (!token) return;
    let active = true;
    let request = verifications.get(token);
    if (!request) {
      request = verifyEmail(token);
      verifications.set(token, request);
    }
    void request.then(({ error }) => {
      if (!active) return;
      // Opened twice (or first by a mail app): the address is verified, so that is what is said.
      if (error?.code === 'email_already_verified') setState({ kind: 'already' });
      else setState(error ? { kind: 'failed', message: error.message || accountRules.invalidToken } : { kind: 'done' });
    });
    return () => {
      active = false;
    };
  }, [token, verifyEmail]);

  return (
    <AuthCard
      title={
        state.kind === 'done'
          ? text.verifiedTitle
          : state.kind === 'already'
            ? text.alreadyVerifiedTitle
            : state.kind === 'failed'
              ? text.verifyFailedTitle
              : text.verifyTitle
      }
      titleId="verify-title"
    >
      {state.kind === 'verifying' ? <Spinner label={text.verifying} /> : null}
      {state.kind === 'done' ? (
        <>
          <FormAlert tone="info">{text.verifiedText}</FormAlert>
          <Link to="/" className={buttonVariants({ className: 'mt-4' })}>
            {text.continueHome}
          </Link>
        </>
      ) : null}
      {state.kind === 'already' ? (
        <>
          <FormAlert tone="info">{accountRules.emailAlreadyVerified}</FormAlert>
          <Link to="/login" className={buttonVariants({ className: 'mt-4' })}>
            {text.signInCta}
          </Link>
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <>
          <FormAlert>{state.message}</FormAlert>
          <Link to="/login" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })}>
            {text.backToLogin}
          </Link>
        </>
      ) : null}
    </AuthCard>
  );
}
