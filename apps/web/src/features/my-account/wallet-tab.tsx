import type { AccountAnswer, OrderRow, WalletAnswer } from '@gatekeeper/contract/lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client';
import { SiteForm } from '../../components/form/site-form';
import { useItemList } from '../../shared/item-names';
import { Link } from '../../shared/navigation';
import { useSiteData } from '../../shared/site-data';
import { useLanguage } from '../../shared/use-language';
import { useFormats } from './formats';
import { MY_ACCOUNT_FORMS } from './my-account-forms';

/**
 * The account's orders with their states and times (docs/product.md#getorders); on a site of
 * several realms each names its character's realm.
 */
export const OrdersList = ({ orders }: { orders: OrderRow[] }) => {
  const { t } = useTranslation();
  const formats = useFormats();
  const itemList = useItemList();
  const realms = useSiteData().metadata?.realms ?? [];
  const title = (order: OrderRow) =>
    realms.length > 1
      ? t('wallet.orderIn', {
          id: order.id,
          character: order.character,
          realm: realms.find((realm) => realm.slug === order.realm)?.name ?? order.realm,
        })
      : t('wallet.order', { id: order.id, character: order.character });
  if (orders.length === 0) return <p>{t('wallet.ordersEmpty')}</p>;
  return (
    <ul className="my-account__rows" aria-label={t('wallet.orders')}>
      {orders.map((order) => (
        <li key={order.id} className="my-account__row" data-order={order.id}>
          <span>
            <strong>{title(order)}</strong> · {itemList(order.items)}
            {order.price > 0 && <> · {t('wallet.amount', { amount: formats.number(order.price) })}</>}
          </span>
          <span className="my-account__muted">
            {formats.dateTime(order.createdAt)} · <span role="status">{t(`wallet.state.${order.state}`)}</span> ·{' '}
            {formats.dateTime(order.updatedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
};

/**
 * My account's Wallet tab (docs/product.md#my-account): the balance, the ledger page by
 * page, the orders and where each is, and the promo code form.
 */
export const WalletTab = ({ account }: { account: AccountAnswer }) => {
  const { t } = useTranslation();
  const formats = useFormats();
  const [page, setPage] = useState(1);
  const [wallet, setWallet] = useState<WalletAnswer>();
  const [orders, setOrders] = useState<OrderRow[]>();
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState('');
  const { href } = useLanguage();

  const load = useCallback(() => {
    callApi('getWallet', { query: { page: String(page) } }).then(setWallet, () => setFailed(true));
    callApi('getOrders').then(
      (answer) => setOrders(answer.orders),
      () => setFailed(true),
    );
  }, [page]);
  useEffect(load, [load]);

  if (failed) return <p role="alert">{t('ServerError')}</p>;
  if (!wallet || !orders) return <p aria-busy="true">{t('forms.processing')}</p>;
  return (
    <div className="wallet-tab">
      <p className="wallet-tab__balance">
        <strong>{t('wallet.balance', { amount: formats.number(wallet.balance) })}</strong> ·{' '}
        <Link to={href('shop')}>{t('shop.title')}</Link>
      </p>
      <section aria-labelledby="wallet-orders">
        <h3 id="wallet-orders">{t('wallet.orders')}</h3>
        <OrdersList orders={orders} />
      </section>
      <section aria-labelledby="wallet-promo">
        <h3 id="wallet-promo">{t('wallet.promo.title')}</h3>
        {notice && (
          <p role="status" className="page-notice">
            {notice}
          </p>
        )}
        <SiteForm
          config={{
            call: 'redeemPromoCode',
            form: MY_ACCOUNT_FORMS.redeemPromoCode,
            captcha: false,
            submitLabel: 'wallet.promo.submit',
            suggestions: { charName: account.characters.map((character) => character.name) },
            failureTitle: 'wallet.promo.title',
            onAnswer: (answer) => {
              if (!('coins' in answer)) return;
              setNotice(
                answer.order
                  ? t('wallet.promo.items', { character: answer.order.character })
                  : t('wallet.promo.coins', { amount: formats.number(answer.coins) }),
              );
              load();
            },
          }}
        />
      </section>
      <section aria-labelledby="wallet-history">
        <h3 id="wallet-history">{t('wallet.history')}</h3>
        {wallet.entries.length === 0 ? (
          <p>{t('wallet.empty')}</p>
        ) : (
          <ul className="my-account__rows" aria-label={t('wallet.history')}>
            {wallet.entries.map((entry, index) => (
              <li key={`${entry.createdAt}-${index}`} className="my-account__row">
                <span>
                  <strong>{t(`wallet.reason.${entry.reason}`)}</strong> · {entry.amount > 0 ? '+' : '−'}
                  {formats.number(Math.abs(entry.amount))}
                  {entry.reference && <> · {entry.reference}</>}
                </span>
                <span className="my-account__muted">{formats.dateTime(entry.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
        {wallet.pages > 1 && (
          <nav aria-label={t('wallet.history')} className="wallet-tab__pages">
            <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('wallet.newer')}
            </button>
            <span>{t('wallet.page', { page: wallet.page, pages: wallet.pages })}</span>
            <button type="button" className="button" disabled={page >= wallet.pages} onClick={() => setPage(page + 1)}>
              {t('wallet.older')}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
};
