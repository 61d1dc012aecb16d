import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from '../../shared/navigation';

/**
 * A section's filter kept in its address (`/console/donations?state=failed`), so a reload, Back and
 * a shared link show the same list: `filter` is the address's, `typed` what the fields hold, and
 * `apply` puts a filter in the address (a new history entry). `read` and `write` are module-level
 * functions: the first gives a filter of any query (what it does not know, it leaves out).
 */
export const useAddressFilter = <Filter>(
  read: (params: URLSearchParams) => Filter,
  write: (filter: Filter) => Record<string, string>,
) => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => read(new URLSearchParams(search)), [read, search]);
  const [typed, setTyped] = useState<Filter>(filter);
  // Back and Forward change the address: the fields show its filter again.
  const [typedFor, setTypedFor] = useState(search);
  if (typedFor !== search) {
    setTypedFor(search);
    setTyped(filter);
  }
  const apply = (next: Filter) => navigate({ pathname, search: new URLSearchParams(write(next)).toString() });
  return { filter, typed, setTyped, apply };
};

/** A value of the address when it is one of `allowed`, else empty. */
export const oneOf = (value: string | null, allowed: readonly string[]): string =>
  value !== null && allowed.includes(value) ? value : '';
