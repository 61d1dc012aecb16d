import type { AccountAnswer, ErrorCode, RealmFacts, ShopOffer } from '@gatekeeper/contract/lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallError, callApi, errorCodesOf } from '../../api/client';
import { Page, PageLoading } from '../../components/page';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { useFormats } from '../../shared/formats';
import { useItemList } from '../../shared/item-names';
import { useSiteData } from '../../shared/site-data';
import './shop.css';

/** A key per confirmation: the server buys once per key, whatever clicks or tabs send it. */
const newRequestKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

interface Buyer {
  account: AccountAnswer;
  balance: number;
}

/**
 * The realm a purchase is for (decision 051, realms): its slug and name, and whether the site has
 * several (then the page names it, and the checkout sends it).
 */
interface ShopRealm {
  slug: string;
  name: string;
  several: boolean;
}

/** The account's characters in a realm: the first realm's are `characters`, another's in `realms`. */
const charactersIn = (account: AccountAnswer, realm: ShopRealm) =>
  !realm.several ? account.characters : (account.realms?.find((entry) => entry.slug === realm.slug)?.characters ?? []);

/** The one confirmation of a purchase: the character, the summary, Pay or Cancel. */
const Checkout = ({
  offer,
  buyer,
  realm,
  onDone,
  onCancel,
}: {
  offer: ShopOffer;
  buyer: Buyer;
  realm: ShopRealm;
  onDone: (message: string, bought: boolean) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const formats = useFormats();
  const itemList = useItemList();
  const titleId = useId();
  const selectId = useId();
  const characters = charactersIn(buyer.account, realm);
  const [charName, setCharName] = useState(characters[0]?.name ?? '');
  const [busy, setBusy] = useState(false);
  const requestKey = useRef(newRequestKey());
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => select.current?.focus(), []);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await callApi('buyShopItem', {
        body: {
          offerId: offer.id,
          charName,
          requestKey: requestKey.current,
          ...(realm.several ? { realm: realm.slug } : {}),
        },
      });
      if ('order' in answer) onDone(t('shop.bought', { id: answer.order.id }), true);
    } catch (error) {
      const codes: ErrorCode[] = error instanceof CallError ? errorCodesOf(error) : [];
      onDone(codes.length > 0 ? codes.map((code) => t(code)).join(' ') : t('ServerError'), false);
    }
  };

  return (
    <section role="dialog" aria-labelledby={titleId} className="shop-checkout">
      <h3 id={titleId}>{t('shop.confirmTitle')}</h3>
      {characters.length === 0 ? (
        <p>{realm.several ? t('shop.noCharactersIn', { realm: realm.name }) : t('shop.noCharacters')}</p>
      ) : (
        <>
          <label htmlFor={selectId}>{t('shop.character')}</label>
          <select id={selectId} ref={select} value={charName} onChange={(event) => setCharName(event.target.value)}>
            {characters.map((character) => (
              <option key={character.name} value={character.name}>
                {character.name}
              </option>
            ))}
          </select>
          <p>
            {t(realm.several ? 'shop.summaryIn' : 'shop.summary', {
              items: itemList(offer.items),
              character: charName,
              realm: realm.name,
              price: formats.number(offer.price),
            })}
          </p>
        </>
      )}
      <div className="shop-checkout__buttons">
        {characters.length > 0 && (
          <button type="button" className="button" onClick={() => void pay()} disabled={busy} aria-busy={busy}>
            {t('shop.confirm')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t('shop.cancel')}
        </button>
      </div>
    </section>
  );
};

/** An offer's card: its items, price, stock, limit, end of sale, and Buy for a signed-in player. */
const OfferCard = ({
  offer,
  buyer,
  realm,
  onBought,
}: {
  offer: ShopOffer;
  buyer: Buyer | null;
  realm: ShopRealm;
  onBought: (message: string, bought: boolean) => void;
}) => {
  const { t } = useTranslation();
  const formats = useFormats();
  const itemList = useItemList();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <li className="shop-offer" aria-labelledby={headingId}>
      <h3 id={headingId} className="shop-offer__title">
        {itemList(offer.items)}
      </h3>
      <p className="shop-offer__price">{t('shop.price', { amount: formats.number(offer.price) })}</p>
      <ul className="shop-offer__facts">
        {offer.stock !== null && <li>{t('shop.stock', { count: offer.stock })}</li>}
        {offer.perAccountLimit !== null && <li>{t('shop.limit', { count: offer.perAccountLimit })}</li>}
        {offer.saleEndsAt !== null && <li>{t('shop.endsAt', { date: formats.dateTime(offer.saleEndsAt) })}</li>}
      </ul>
      {buyer && !open && (
        <button
          type="button"
          className="button"
          aria-label={`${t('shop.buy')}: ${itemList(offer.items)}`}
          onClick={() => setOpen(true)}
        >
          {t('shop.buy')}
        </button>
      )}
      {buyer && open && (
        <Checkout
          offer={offer}
          buyer={buyer}
          realm={realm}
          onCancel={() => setOpen(false)}
          onDone={(message, bought) => {
            setOpen(false);
            onBought(message, bought);
          }}
        />
      )}
    </li>
  );
};

/**
 * The Game server select of a site of several realms (decision 051, realms): the offers and the
 * characters shown are that realm's.
 */
const RealmSelect = ({
  realms,
  value,
  onChange,
}: {
  realms: readonly RealmFacts[];
  value: string;
  onChange: (slug: string) => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  return (
    <p className="shop-page__realm">
      <label htmlFor={id}>{t('realms.field')}</label>
      <select id={id} name="realm" value={value} onChange={(event) => onChange(event.target.value)}>
        {realms.map((realm) => (
          <option key={realm.slug} value={realm.slug}>
            {realm.name}
          </option>
        ))}
      </select>
    </p>
  );
};

/** The Shop page (docs/product.md#shop): the catalogue, the wallet's balance, checkout. */
const ShopPage = () => {
  const { t } = useTranslation();
  const formats = useFormats();
  const { href } = useLanguage();
  const { metadata } = useSiteData();
  const realms = metadata?.realms ?? [];
  const [chosenRealm, setChosenRealm] = useState<string>();
  const realmFacts = realms.find((realm) => realm.slug === chosenRealm) ?? realms[0];
  const realm: ShopRealm = {
    slug: realmFacts?.slug ?? '',
    name: realmFacts?.name ?? '',
    several: realms.length > 1,
  };
  const [offers, setOffers] = useState<ShopOffer[]>();
  const [buyer, setBuyer] = useState<Buyer | null>();
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<{ message: string; bought: boolean }>();

  const loadBuyer = () => {
    Promise.all([callApi('getAccount'), callApi('getWallet', { query: { page: '1' } })]).then(
      ([account, wallet]) => setBuyer({ account, balance: wallet.balance }),
      () => setBuyer(null),
    );
  };
  useEffect(() => {
    callApi('getShop').then(
      (answer) => setOffers(answer.offers),
      () => setFailed(true),
    );
    loadBuyer();
  }, []);

  // On a site of several realms, the offers of the chosen realm and those sold in every realm.
  const shown = offers?.filter((offer) => !realm.several || offer.realm === null || offer.realm === realm.slug);

  return (
    <Page title={t('shop.title')} className="shop-page">
      <p>{t('shop.intro')}</p>
      {realm.several && <RealmSelect realms={realms} value={realm.slug} onChange={setChosenRealm} />}
      {/* The buyer's line and the offers keep their place while they load: the page moves nothing already shown. */}
      <p className="shop-page__buyer">
        {buyer === null && (
          <Link to={href('myAccount')} className="link-target">
            {t('shop.signIn')}
          </Link>
        )}
        {buyer && (
          <span className="shop-page__balance">{t('shop.balance', { amount: formats.number(buyer.balance) })}</span>
        )}
      </p>
      {notice && (
        <p role="status" className={`page-notice${notice.bought ? '' : ' page-notice--error'}`}>
          {notice.message} {notice.bought && <Link to={href('myAccount')}>{t('menu.myAccount')}</Link>}
        </p>
      )}
      <div className="shop-page__offers">
        {failed && <p role="alert">{t('ServerError')}</p>}
        {!failed && !shown && <PageLoading />}
        {shown && shown.length === 0 && <p>{t('shop.empty')}</p>}
        {shown && shown.length > 0 && (
          <ul className="shop-offers" aria-label={t('shop.offers')}>
            {shown.map((offer) => (
              <OfferCard
                // A checkout open in one realm does not carry over to another.
                key={`${realm.slug}:${offer.id}`}
                offer={offer}
                buyer={buyer ?? null}
                realm={realm}
                onBought={(message, bought) => {
                  setNotice({ message, bought });
                  loadBuyer();
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
};

export default ShopPage;
