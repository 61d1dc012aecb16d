import { useEffect } from 'react';
import { useLocation, useNavigate } from '../../shared/navigation';
import { callApi } from '../../api/client';
import { readReferralVisit } from './referral-visit';

/**
 * Any page opened through a referral link (`?ref=CODE`) tells the server about the visit, which
 * answers with the httpOnly cookie that attributes what the visitor does later; then the code
 * leaves the address, so a reload or a shared address does not carry it on.
 */
export const useReferralVisit = (): void => {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // The address as it is now: a page may have just rewritten its own parameters.
    const visit = readReferralVisit(window.location.search);
    if (!visit) return;
    if (visit.ref) {
      // Fire and forget: a visitor never hears about referral bookkeeping, failed or not.
      callApi('addVisitor', { body: { ref: visit.ref } }).catch(() => undefined);
    }
    void navigate(
      { pathname: window.location.pathname, search: visit.rest, hash: window.location.hash },
      { replace: true },
    );
  }, [location.search, navigate]);
};
