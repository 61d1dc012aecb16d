import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/tabs';
import { WORLD_ROUTES } from '../../i18n/routes';
import { useLanguage } from '../../shared/use-language';

export type WorldRoute = (typeof WORLD_ROUTES)[number];

/** The tabs between the World section's pages, the current one marked. */
export const WorldTabs = ({ active }: { active: WorldRoute }) => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  return (
    <Tabs
      label={t('world.linksLabel')}
      active={active}
      links={WORLD_ROUTES.map((id) => ({ id, to: href(id), label: t(`world.names.${id}`) }))}
    />
  );
};
