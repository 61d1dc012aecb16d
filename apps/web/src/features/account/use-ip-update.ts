import { COOKIES } from '@gatekeeper/contract/lite';
import { useEffect } from 'react';
import { callApi } from '../../api/client';
import { useSiteData } from '../../shared/site-data';
import { lookupIpv6 } from './ipv6-lookup';
import { registeredUsers } from './registered-users';

/** On load, when this browser registered accounts (users cookie), their addresses are updated. */
export const useIpUpdate = (): void => {
  const { metadata } = useSiteData();
  useEffect(() => {
    if (metadata === undefined) return;
    const users = registeredUsers(COOKIES.users);
    if (users.length === 0) return;
    void (async () => {
      const [ipV4, ipV6] = await Promise.all([
        callApi('getIpAddress').catch(() => ''),
        lookupIpv6(metadata?.ipv6LookupUrl ?? ''),
      ]);
      await callApi('updateIps', { body: { users: users.join(COOKIES.users.separator), ipV4, ipV6 } }).catch(
        () => undefined,
      );
    })();
  }, [metadata]);
};
