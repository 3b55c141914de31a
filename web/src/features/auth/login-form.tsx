import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { HydratedFieldset } from '../../ui/hydrated-fieldset';
import type { ForgotPasswordState } from '../account-email/forgot-password-page';
import { isLoginChallenge, useLoginMutation } from './api';
import { LoginCodeForm } from './login-code-form';

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set when the password was right and the account has two-factor on.
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useLoginMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          if (isLoginChallenge(answer)) setChallenge(answer.challenge);
        },
      },
    );
  }

  function handleBackToPassword() {
    setChallenge(null);
    setPassword('');
  }

  if (challenge) return <LoginCodeForm challenge={challenge} onCancel={handleBackToPassword} />;

  return (
    <form onSubmit={handleSubmit}>
      <HydratedFieldset className="grid gap-4">
        <Field
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="grid gap-1">
          <Field
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {/* The typed address goes along in the history entry, never in the URL. */}
          <Link
            to="/forgot-password"
            state={{ email } satisfies ForgotPasswordState}
            className="justify-self-end rounded-control px-1 py-2 text-sm font-medium text-gold-400 hover:text-gold-300"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={login.isPending} className="mt-2 w-full">
          {login.isPending ? 'Logging in...' : 'Log In'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
