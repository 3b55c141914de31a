import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { NewPasswordField } from '../../ui/new-password-field';
import { HydratedFieldset } from '../../ui/hydrated-fieldset';
import { useSignupMutation } from './api';

export function SignupForm() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signup = useSignupMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signup.mutate({ firstName, lastName, email, password });
  }

  return (
    <form onSubmit={handleSubmit}>
      <HydratedFieldset className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="signup-first-name"
            label="First name"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
          <Field
            id="signup-last-name"
            label="Last name"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
          />
        </div>
        <Field
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <NewPasswordField id="signup-password" label="Password" value={password} onChange={setPassword} />
        <Button type="submit" size="lg" disabled={signup.isPending} className="mt-2 w-full">
          {signup.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
