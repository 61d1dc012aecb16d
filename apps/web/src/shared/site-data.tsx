import type { PageNews } from './page-data';
import { type ClanView, DEFAULT_SERVER_STATUS, type Metadata, type ServerStatus } from '@gatekeeper/contract/lite';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { callApi } from '../api/client';
import { useCall } from '../api/use-call';

const STATUS_POLL_MS = 60_000;

interface SiteData {
  /** undefined until getmetadata answers; null when it failed. */
  metadata: Metadata | null | undefined;
  status: ServerStatus;
  /** The news the server rendered the page with (home, /news, a post); undefined on other pages. */
  initialNews: PageNews | undefined;
  /** The clan the server rendered a clan page with; undefined on other pages. */
  initialClan: ClanView | undefined;
}

const SiteDataContext = createContext<SiteData>({
  metadata: undefined,
  status: DEFAULT_SERVER_STATUS,
  initialNews: undefined,
  initialClan: undefined,
});

/** The server status, refreshed every minute; the default (offline) until and unless it answers. */
const useServerStatus = (): ServerStatus => {
  const [status, setStatus] = useState<ServerStatus>(DEFAULT_SERVER_STATUS);
  useEffect(() => {
    let cancelled = false;
    const load = () => {
      void callApi('getServerStatus').then(
        (value) => !cancelled && setStatus(value),
        () => !cancelled && setStatus(DEFAULT_SERVER_STATUS),
      );
    };
    load();
    const timer = window.setInterval(load, STATUS_POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, []);
  return status;
};

/** The metadata the server rendered the page with, else getmetadata's answer. */
const useMetadata = (initial: Metadata | undefined): Metadata | null | undefined => {
  const fetched = useCall('getMetadata', null, { skip: initial !== undefined });
  return initial ?? fetched;
};

export const SiteDataProvider = ({
  children,
  initialMetadata,
  initialNews,
  initialClan,
}: {
  children: ReactNode;
  initialMetadata?: Metadata;
  initialNews?: PageNews;
  initialClan?: ClanView;
}) => {
  const metadata = useMetadata(initialMetadata);
  const status = useServerStatus();
  return (
    <SiteDataContext.Provider value={{ metadata, status, initialNews, initialClan }}>
      {children}
    </SiteDataContext.Provider>
  );
};

export const useSiteData = (): SiteData => useContext(SiteDataContext);
