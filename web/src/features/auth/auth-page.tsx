import { PREMIUM_PRICE_MINOR } from '@kora/contracts';
import { useSearchParams } from 'react-router';
import { CardPage } from '../../ui/card-page';
import { formatNaira } from '../../ui/format-naira';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { LoginForm } from './login-form';
import { RETURN_PARAM } from './return-path';
import { SignupForm } from './signup-form';

type AuthTab = 'login' | 'signup';

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'signup' ? 'signup' : 'login';

  // The page to return to after signing in stays whichever tab the visitor picks.
  const next = searchParams.get(RETURN_PARAM);
  const paramsFor = (value: string) => ({ ...(value === 'signup' && { tab: 'signup' }), ...(next && { [RETURN_PARAM]: next }) });

  function handleTabChange(value: string) {
    setSearchParams(paramsFor(value), { replace: true });
  }

  // Each tab is also a link to its own prerendered page: a tap before the script has taken over the
  // build-time HTML (seconds on a slow phone) opens the other tab instead of being lost.
  function tabLink(value: AuthTab, label: string) {
    const query = new URLSearchParams(paramsFor(value)).toString();
    return (
      <TabsTrigger value={value} asChild className="flex items-center justify-center">
        <a href={query ? `/auth?${query}` : '/auth'} onClick={(event) => event.preventDefault()}>
          {label}
        </a>
      </TabsTrigger>
    );
  }

  return (
    <CardPage
      title={tab === 'signup' ? 'Sign up' : 'Sign in'}
      after={
        <p className="mt-6 text-center text-xs text-ink-subtle">
          Free plan included. Premium is {formatNaira(PREMIUM_PRICE_MINOR)} a month.
        </p>
      }
    >
      <div className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{tab === 'signup' ? 'Create your account' : 'Welcome back'}</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {tab === 'signup' ? 'Free to join. Stream, upload and build playlists.' : 'Log in to pick up where you left off.'}
        </p>
        <Tabs value={tab} onValueChange={handleTabChange} className="mt-6">
          <TabsList aria-label="Log in or sign up">
            {tabLink('login', 'Log In')}
            {tabLink('signup', 'Sign Up')}
          </TabsList>
          <TabsContent value="login" className="mt-6 rounded-control">
            <LoginForm />
          </TabsContent>
          <TabsContent value="signup" className="mt-6 rounded-control">
            <SignupForm />
          </TabsContent>
        </Tabs>
      </div>
    </CardPage>
  );
}
