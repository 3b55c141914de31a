import { PREMIUM_PRICE_MINOR } from '@kora/contracts';
import { Link, useSearchParams } from 'react-router';
import { formatNaira } from '../../ui/format-naira';
import { Logo } from '../../ui/logo';
import { PageTitle } from '../../ui/page-title';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { LoginForm } from './login-form';
import { RETURN_PARAM } from './return-path';
import { SignupForm } from './signup-form';

type AuthTab = 'login' | 'signup';

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'signup' ? 'signup' : 'login';

  function handleTabChange(value: string) {
    // The page to return to after signing in stays whichever tab the visitor picks.
    const next = searchParams.get(RETURN_PARAM);
    setSearchParams({ ...(value === 'signup' && { tab: 'signup' }), ...(next && { [RETURN_PARAM]: next }) }, { replace: true });
  }

  return (
    <div className="glow-top flex min-h-dvh flex-col items-center bg-canvas bg-no-repeat px-4 py-8 sm:justify-center">
      <PageTitle title={tab === 'signup' ? 'Sign up' : 'Sign in'} />
      <main className="w-full max-w-md">
        <Link to="/" aria-label="Kora home" className="mx-auto mb-8 flex w-fit rounded-control">
          <Logo size={40} wordClassName="text-2xl" />
        </Link>
        <div className="overflow-hidden rounded-card border border-line bg-surface shadow-2xl shadow-black/40">
          <div aria-hidden className="kente-band h-1.5" />
          <div className="p-5 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight">
              {tab === 'signup' ? 'Create your account' : 'Welcome back'}
            </h1>
            <p className="mt-1 text-sm text-ink-muted">
              {tab === 'signup'
                ? 'Free to join. Stream, upload and build playlists.'
                : 'Log in to pick up where you left off.'}
            </p>
            <Tabs value={tab} onValueChange={handleTabChange} className="mt-6">
              <TabsList aria-label="Log in or sign up">
                <TabsTrigger value="login">Log In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="mt-6 rounded-control">
                <LoginForm />
              </TabsContent>
              <TabsContent value="signup" className="mt-6 rounded-control">
                <SignupForm />
              </TabsContent>
            </Tabs>
          </div>
        </div>
        <p className="mt-6 text-center text-xs text-ink-subtle">
          Free plan included. Premium is {formatNaira(PREMIUM_PRICE_MINOR)} a month.
        </p>
      </main>
    </div>
  );
}
