import { useTranslation } from 'react-i18next';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import { Page } from '../../components/page';

const NotFoundPage = () => {
  const { t } = useTranslation();
  const { href } = useLanguage();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to={href('home')} className="button">
          {t('notFound.home')}
        </Link>
      </p>
    </Page>
  );
};

export default NotFoundPage;
