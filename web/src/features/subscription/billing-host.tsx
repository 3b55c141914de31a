import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OpenedOnce } from '../../ui/opened-once';
import { readPaymentReturn, withoutPaymentReturn } from './payment-return';
import { setUpgradeSheetOpen, useUpgradeSheetOpen } from './upgrade-sheet-state';

// Loaded when first needed: most visits neither upgrade nor come back from a checkout.
const UpgradeSheet = lazy(() => import('./upgrade-sheet').then((m) => ({ default: m.UpgradeSheet })));
const PaymentReturnDialog = lazy(() => import('./payment-return-dialog').then((m) => ({ default: m.PaymentReturnDialog })));

/** The signed-in shell's billing dialogs: the one upgrade sheet, and the answer to a return from the checkout. */
export function BillingHost() {
  const isUpgradeOpen = useUpgradeSheetOpen();
  const location = useLocation();
  const navigate = useNavigate();
  // The provider sends the browser back with a full page load, so the address is read once.
  const [returned, setReturned] = useState(() => readPaymentReturn(location.search));

  const cleanAddress = useCallback(() => {
    const search = withoutPaymentReturn(window.location.search);
    if (search !== window.location.search) void navigate({ pathname: window.location.pathname, search }, { replace: true });
  }, [navigate]);

  const handleReturnClosed = useCallback(() => {
    setReturned(null);
    cleanAddress();
  }, [cleanAddress]);

  return (
    <>
      <OpenedOnce open={isUpgradeOpen}>
        <UpgradeSheet open={isUpgradeOpen} onOpenChange={setUpgradeSheetOpen} />
      </OpenedOnce>
      {returned && (
        <Suspense fallback={null}>
          <PaymentReturnDialog reference={returned.reference} onClose={handleReturnClosed} onSettled={cleanAddress} />
        </Suspense>
      )}
    </>
  );
}
