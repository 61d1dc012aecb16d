import {
  CONSOLE_SECTIONS,
  type ConsoleMeAnswer,
  type ConsoleSection,
  consoleSectionHref,
} from '@gatekeeper/contract/lite';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageBar } from '../../components/language-bar';
import { Page } from '../../components/page';
import { useFormats } from '../../shared/formats';
import { Link } from '../../shared/navigation';
import { useLanguage } from '../../shared/use-language';
import './console-shell.css';

/** Each section's name in the navigation and as the page's heading. */
export const SECTION_LABELS = {
  dashboard: 'console.shell.tabs.dashboard',
  donations: 'console.shell.tabs.donations',
  rewards: 'console.shell.tabs.rewards',
  votes: 'console.shell.tabs.votes',
  accounts: 'console.shell.tabs.accounts',
  shop: 'console.shell.tabs.shop',
  news: 'console.shell.tabs.news',
  mail: 'console.shell.tabs.mail',
  audit: 'console.shell.tabs.audit',
} as const satisfies Record<ConsoleSection, string>;

/** When the step-up runs out: the idle minutes after the last console call (the shell is told of each). */
const StepUpUntil = ({ endsAt }: { endsAt: number }) => {
  const formats = useFormats();
  const { t } = useTranslation();
  return <span className="console-bar__step-up">{t('console.shell.stepUpUntil', { time: formats.time(endsAt) })}</span>;
};

/**
 * The console's own frame (docs/product.md#console): a slim top bar with the site's name, the
 * staff member, the role and when the step-up runs out; a side navigation of the sections (a menu
 * button on a phone), each a link to its own address; the section as the page. No player widgets.
 */
export const ConsoleShell = ({
  me,
  section,
  stepUpEndsAt,
  children,
}: {
  /** Who is at the console once stepped up; the sections are listed only then. */
  me?: ConsoleMeAnswer;
  section: ConsoleSection;
  stepUpEndsAt?: number;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const { language, href } = useLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const inside = me?.steppedUp === true;
  return (
    <div className="console-shell">
      <a href="#main" className="skip-link">
        {t('site.skipToContent')}
      </a>
      <header className={inside ? 'console-bar console-bar--with-menu' : 'console-bar'}>
        <h1 className="console-bar__site">
          <Link to={href('home')} className="link-target">
            {t('site.name')}
          </Link>
        </h1>
        <span className="console-bar__title">{t('console.shell.title')}</span>
        <LanguageBar />
        {me && (
          <p className="console-bar__who">
            <span>
              {me.login} · {t(`console.shell.roles.${me.role}`)}
            </span>
            {inside && stepUpEndsAt !== undefined && <StepUpUntil endsAt={stepUpEndsAt} />}
          </p>
        )}
        {inside && (
          <button
            type="button"
            className="button console-bar__menu"
            aria-expanded={menuOpen}
            aria-controls="console-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('console.shell.menu')}
          </button>
        )}
      </header>
      <div className="console-frame">
        {inside && (
          <nav
            id="console-nav"
            aria-label={t('console.shell.tabs.label')}
            className={menuOpen ? 'console-nav console-nav--open' : 'console-nav'}
          >
            {/* On a phone the flags are in the menu, not in the bar (console-shell.css). */}
            <LanguageBar />
            <ul>
              {CONSOLE_SECTIONS.map((id) => (
                <li key={id}>
                  <Link
                    to={consoleSectionHref(id, language)}
                    aria-current={id === section ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                  >
                    {t(SECTION_LABELS[id])}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" className="console-main" tabIndex={-1}>
          <Page title={inside ? t(SECTION_LABELS[section]) : t('console.shell.title')}>{children}</Page>
        </main>
      </div>
    </div>
  );
};
