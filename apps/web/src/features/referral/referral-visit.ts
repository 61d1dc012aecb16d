/** The referral code of an address's `?ref=` (docs/product.md#home: any page may carry it), pure for tests. */
const REF_MAX = 64;

export const readReferralVisit = (search: string): { ref: string | undefined; rest: string } | undefined => {
  const params = new URLSearchParams(search);
  if (!params.has('ref')) return undefined;
  const ref = (params.get('ref') ?? '').trim();
  params.delete('ref');
  const rest = params.toString();
  return { ref: ref !== '' && ref.length <= REF_MAX ? ref : undefined, rest: rest ? `?${rest}` : '' };
};
