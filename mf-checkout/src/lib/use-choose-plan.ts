import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths, useSession } from '@streamflix/shared';
import { afterSignInTo, saveCheckoutIntent } from './checkout-intent';

/**
 * Choosing a plan: a signed-in viewer goes straight to payment; a guest signs
 * up first and is sent back to payment for the same plan (kept in storage).
 */
export function useChoosePlan() {
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  return useCallback(
    (planId: string) => {
      saveCheckoutIntent({ planId });
      navigate(isLoggedIn ? paths.payment() : `${paths.signup()}${afterSignInTo(paths.payment())}`);
    },
    [isLoggedIn, navigate],
  );
}
