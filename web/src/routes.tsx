import { lazy, Suspense, type ReactElement } from 'react';
import { ACCOUNT_LINK_PAGES } from '@kora/contracts';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { RETURN_PARAM, safeReturnPath, signInPathFor } from './features/auth/return-path';
import { useAuth } from './features/auth/use-auth';
import { NotFoundPage } from './features/not-found/not-found-page';
import { preloadableLazy } from './preloadable-lazy';
import { LoadingScreen } from './ui/loading-screen';

// Signed-out visitors never download the shell and player; listeners never download the landing page.
// Each loader names what it takes from its module: Rolldown then leaves the module's namespace object
// out (with it, it emitted a chunk exporting a namespace it never defined).
const landingPage = preloadableLazy(() => import('./features/landing/landing-page').then((m) => ({ default: m.LandingPage })));
const LandingPage = landingPage.Component;
const authPage = preloadableLazy(() => import('./features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const AuthPage = authPage.Component;
const appShell = preloadableLazy(() => import('./features/shell/app-shell').then((m) => ({ default: m.AppShell })));
const AppShell = appShell.Component;
const homePage = preloadableLazy(() =>
  import('./features/home/home-page').then((m) => ({ default: m.HomePage, prefetchHome: m.prefetchHome })),
);
const HomePage = homePage.Component;

// The listening pages bring the card grids and player controls with them: not for signed-out visitors.
const SearchPage = lazy(() => import('./features/search/search-page').then((m) => ({ default: m.SearchPage })));
const ArtistPage = lazy(() => import('./features/artists/artist-page').then((m) => ({ default: m.ArtistPage })));
const DiscographyPage = lazy(() =>
  import('./features/artists/discography-page').then((m) => ({ default: m.DiscographyPage })),
);
const LibraryPage = lazy(() => import('./features/library/library-page').then((m) => ({ default: m.LibraryPage })));
const PlaylistPage = lazy(() =>
  import('./features/playlists/playlist-page').then((m) => ({ default: m.PlaylistPage })),
);
const UploadPage = lazy(() => import('./features/upload/upload-page').then((m) => ({ default: m.UploadPage })));
const AlbumPage = lazy(() => import('./features/albums/album-page').then((m) => ({ default: m.AlbumPage })));
const ExportDownloadPage = lazy(() =>
  import('./features/account-data/export-download-page').then((m) => ({ default: m.ExportDownloadPage })),
);
const RadioPage = lazy(() => import('./features/radio/radio-page').then((m) => ({ default: m.RadioPage })));
const DesignPreviewPage = lazy(() =>
  import('./features/design-preview/design-preview-page').then((m) => ({ default: m.DesignPreviewPage })),
);

// The pages an e-mailed link opens, and Forgot password: their own small chunks, for anyone.
const ForgotPasswordPage = lazy(() =>
  import('./features/account-email/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/account-email/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmEmailPage = lazy(() =>
  import('./features/account-email/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })),
);
const ChangeEmailPage = lazy(() =>
  import('./features/account-email/change-email-page').then((m) => ({ default: m.ChangeEmailPage })),
);
const UndoEmailChangePage = lazy(() =>
  import('./features/account-email/undo-email-change-page').then((m) => ({ default: m.UndoEmailChangePage })),
);

/** How long the first render waits for Home's answer once the code is here: a slow answer gets the skeleton. */
const HOME_ANSWER_WAIT_MS = 1000;

/**
 * Home opened with a page load, on the server's Home page (it goes only to a listener with a
 * session): its code and answer start now, not after the sign-in check comes back and renders.
 * Resolves when the shell's and Home's code and (unless it is slow) Home's answer are here, so
 * the first render is the page itself.
 */
export async function startHome(): Promise<void> {
  const [, home] = await Promise.all([appShell.preload(), homePage.preload()]);
  await Promise.race([home.prefetchHome(), new Promise((resolve) => setTimeout(resolve, HOME_ANSWER_WAIT_MS))]);
}

/**
 * A prerendered signed-out page (the landing page at '/', the sign-in page at '/auth'): its code,
 * preloaded by the page, loaded before hydration, which then finishes in one pass.
 */
export async function startSignedOutPage(pathname: string): Promise<void> {
  await (pathname === '/' ? landingPage : authPage).preload();
}

/** The listener's pages, besides Home; a signed-out visitor who opens one is asked to sign in first. */
const LISTENER_PAGES: [path: string, page: ReactElement][] = [
  ['search', <SearchPage />],
  ['library', <LibraryPage />],
  ['upload', <UploadPage />],
  ['radio', <RadioPage />],
  ['playlist/:id', <PlaylistPage />],
  ['artist/:id', <ArtistPage />],
  ['artist/:id/discography', <DiscographyPage />],
  ['album/:id', <AlbumPage />],
  ['design-preview', <DesignPreviewPage />],
  // The data export's e-mailed link: its owner's session and the link's token both decide.
  ['account/export', <ExportDownloadPage />],
];

/**
 * Pages without the shell that work signed in or out: an e-mailed link is often opened in another
 * browser than the one signed in, and is bound to its account by its token, not by a session.
 */
const ACCOUNT_LINK_ROUTES: [path: string, page: ReactElement][] = [
  [ACCOUNT_LINK_PAGES.forgotPassword, <ForgotPasswordPage />],
  [ACCOUNT_LINK_PAGES.resetPassword, <ResetPasswordPage />],
  [ACCOUNT_LINK_PAGES.confirmEmail, <ConfirmEmailPage />],
  [ACCOUNT_LINK_PAGES.changeEmail, <ChangeEmailPage />],
  [ACCOUNT_LINK_PAGES.undoEmailChange, <UndoEmailChangePage />],
];
const accountLinkRoutes = ACCOUNT_LINK_ROUTES.map(([path, page]) => <Route key={path} path={path} element={page} />);

/** A shared link opened signed out: sign in, then straight back to it. */
function SignInFirst() {
  return <Navigate replace to={signInPathFor(useLocation())} />;
}

/** The sign-in page opened while signed in (an old tab): on to where it would have led. */
function AlreadySignedIn() {
  const [searchParams] = useSearchParams();
  return <Navigate replace to={safeReturnPath(searchParams.get(RETURN_PARAM))} />;
}

/** Spec section 2: which routes exist depends on whether someone is signed in; anything else is 404. */
export function AppRoutes() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;

  return (
    <Suspense fallback={<LoadingScreen />}>
      {isAuthenticated ? (
        <Routes>
          <Route element={<AppShell />}>
            <Route index element={<HomePage />} />
            {LISTENER_PAGES.map(([path, page]) => (
              <Route key={path} path={path} element={page} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="auth" element={<AlreadySignedIn />} />
          {accountLinkRoutes}
        </Routes>
      ) : (
        <Routes>
          <Route index element={<LandingPage />} />
          <Route path="auth" element={<AuthPage />} />
          {accountLinkRoutes}
          {LISTENER_PAGES.map(([path]) => (
            <Route key={path} path={path} element={<SignInFirst />} />
          ))}
          <Route path="*" element={<NotFoundPage standalone />} />
        </Routes>
      )}
    </Suspense>
  );
}
