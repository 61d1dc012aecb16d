import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from './formats';
import { useGameNames } from './game-names';
import { useSiteData } from './site-data';

/**
 * The name of an item by its game id in the page's language (decision 047): the language's
 * `items` table. An item the table lacks (an owner's custom item) is named by the fallback given,
 * else, if it is the coin of donations and referrals (`rewards.coinItemId`), by the coins' name the
 * owner wrote (`coins.name`), else "item <id>". Suspends while the language's items load, as
 * `useGameNames` does.
 */
export const useItemNames = (): ((id: number, fallback?: string) => string) => {
  const names = useGameNames('items');
  const { metadata } = useSiteData();
  const { t } = useTranslation();
  const coinItemId = metadata?.coinItemId;
  const coinsName = metadata?.coinsName;
  return useCallback(
    (id: number, fallback?: string) =>
      names(id, fallback ?? (id === coinItemId && coinsName ? coinsName : t('gameItems.unnamed', { id }))),
    [names, coinItemId, coinsName, t],
  );
};

/** A pack's items in the page's language, "5 × Blessed Scroll of Escape, 2 × Coin of Luck" (the shop, the wallet). */
export const useItemList = (): ((items: readonly { itemId: number; count: number }[]) => string) => {
  const { t } = useTranslation();
  const itemName = useItemNames();
  const formats = useFormats();
  return useCallback(
    (items) =>
      items
        .map((line) => t('shop.item', { amount: formats.number(line.count), item: itemName(line.itemId) }))
        .join(', '),
    [t, itemName, formats],
  );
};
