import { Link, useLocation } from 'react-router';
import { MiniPlayer } from '../../player/mini-player';
import { cn } from '../../ui/cn';
import { MOBILE_BAR_LINKS, isLinkActive } from './nav-links';

/** Phones (< md): the mini player above five tabs, always within thumb reach. */
export function MobileBar() {
  const { pathname, search } = useLocation();

  return (
    <div className="shrink-0 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] md:hidden">
      <MiniPlayer />
      <nav aria-label="Primary">
        <ul className="grid grid-cols-5">
          {MOBILE_BAR_LINKS.map((link) => {
            const isActive = isLinkActive(link.to, pathname, search);
            return (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    'flex h-14 flex-col items-center justify-center gap-1 text-[11px] font-medium',
                    isActive ? 'text-gold-400' : 'text-ink-subtle hover:text-ink',
                  )}
                >
                  <link.icon aria-hidden className="size-5" />
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
