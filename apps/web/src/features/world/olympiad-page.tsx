import type { OlympiadAnswer, OlympiadClass } from '@gatekeeper/contract/lite';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClanLink } from '../../components/clan-link';
import { useGameNames } from '../../shared/game-names';
import { useFormats } from '../../shared/formats';
import { WorldPage } from './world-page';
import './world.css';

/** When the period ends, or, while heroes are chosen, when the next one starts (docs/product.md#olympiad). */
const PeriodNotice = ({ period }: { period: OlympiadAnswer['period'] }) => {
  const { t } = useTranslation();
  const format = useFormats();
  if (period === null) return <p className="olympiad-period">{t('world.olympiad.periodUnknown')}</p>;
  const at = period.endsAt === null ? undefined : format.dateTime(period.endsAt, 'long');
  const zone = period.endsAt === null ? undefined : format.zoneName(period.endsAt);
  const key =
    period.state === 'competition'
      ? at === undefined
        ? 'world.olympiad.periodRunning'
        : 'world.olympiad.periodEnds'
      : at === undefined
        ? 'world.olympiad.validation'
        : 'world.olympiad.validationUntil';
  return <p className="olympiad-period">{t(key, { cycle: period.cycle, moment: at, zone })}</p>;
};

/** One class's nobles, best first. */
const StandingsTable = ({ standing }: { standing: OlympiadClass }) => {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <table className="world-table olympiad-table">
      <caption className="olympiad-table__caption">
        {t('world.olympiad.standingsOf', { className: standing.className })}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="olympiad-table__number">
            {t('world.olympiad.rank')}
          </th>
          <th scope="col">{t('world.olympiad.noble')}</th>
          <th scope="col" className="olympiad-table__number">
            {t('world.olympiad.points')}
          </th>
          <th scope="col" className="olympiad-table__number">
            {t('world.olympiad.matches')}
          </th>
          <th scope="col" className="olympiad-table__number">
            {t('world.olympiad.wins')}
          </th>
        </tr>
      </thead>
      <tbody>
        {standing.nobles.map((noble, i) => (
          <tr key={noble.name}>
            <td className="olympiad-table__number">{format.number(i + 1, { max: 0 })}</td>
            <th scope="row">
              {noble.name}
              {noble.clan && (
                <span className="olympiad-table__clan">
                  <ClanLink name={noble.clan} />
                </span>
              )}
            </th>
            <td className="olympiad-table__number">{format.number(noble.points, { max: 0 })}</td>
            <td className="olympiad-table__number">{format.number(noble.matches, { max: 0 })}</td>
            <td className="olympiad-table__number">{format.number(noble.wins, { max: 0 })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/**
 * Every class's leader at a glance, by class name: the class (a button that shows its standings
 * below), its best noble with the clan, and the points. A class without nobles is not listed.
 */
const Leaders = ({ classes, onChoose }: { classes: readonly OlympiadClass[]; onChoose: (classId: number) => void }) => {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <section className="world-section" aria-labelledby="olympiad-leaders">
      <h3 className="world-section__title" id="olympiad-leaders">
        {t('world.olympiad.leaders')}
      </h3>
      <table className="world-table olympiad-table">
        <thead>
          <tr>
            <th scope="col">{t('world.olympiad.class')}</th>
            <th scope="col">{t('world.olympiad.leader')}</th>
            <th scope="col" className="olympiad-table__number">
              {t('world.olympiad.points')}
            </th>
          </tr>
        </thead>
        <tbody>
          {classes.flatMap((standing) => {
            const leader = standing.nobles[0];
            if (leader === undefined) return [];
            return [
              <tr key={standing.classId}>
                <th scope="row">
                  <button
                    type="button"
                    className="olympiad-leaders__class"
                    aria-label={t('world.olympiad.showStandings', { className: standing.className })}
                    onClick={() => onChoose(standing.classId)}
                  >
                    {standing.className}
                  </button>
                </th>
                <td>
                  {leader.name}
                  {leader.clan && (
                    <span className="olympiad-table__clan">
                      <ClanLink name={leader.clan} />
                    </span>
                  )}
                </td>
                <td className="olympiad-table__number">{format.number(leader.points, { max: 0 })}</td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </section>
  );
};

/**
 * The current period: every class's leader first, then one class's standings, chosen in a
 * labelled select or from the leaders' table (which moves the focus to the select).
 */
const Standings = ({ classes }: { classes: readonly OlympiadClass[] }) => {
  const { t } = useTranslation();
  const { locale: tag } = useFormats();
  const selectId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const classNameOf = useGameNames('classes');
  const sorted = useMemo(
    () =>
      classes
        .map((c) => ({ ...c, className: classNameOf(c.classId, c.className) }))
        .sort((a, b) => a.className.localeCompare(b.className, tag) || a.classId - b.classId),
    [classes, tag, classNameOf],
  );
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const standing = sorted.find((c) => c.classId === chosen) ?? sorted[0];
  const choose = (classId: number) => {
    setChosen(classId);
    select.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    select.current?.focus({ preventScroll: true });
  };
  if (standing === undefined) {
    return (
      <section className="world-section" aria-labelledby="olympiad-standings">
        <h3 className="world-section__title" id="olympiad-standings">
          {t('world.olympiad.standings')}
        </h3>
        <p className="page-notice">{t('world.olympiad.noNobles')}</p>
      </section>
    );
  }
  return (
    <>
      <Leaders classes={sorted} onChoose={choose} />
      <section className="world-section" aria-labelledby="olympiad-standings">
        <h3 className="world-section__title" id="olympiad-standings">
          {t('world.olympiad.standings')}
        </h3>
        <div className="olympiad-class">
          <label htmlFor={selectId}>{t('world.olympiad.class')}</label>
          <select
            id={selectId}
            ref={select}
            value={standing.classId}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {sorted.map((c) => (
              <option key={c.classId} value={c.classId}>
                {c.className}
              </option>
            ))}
          </select>
        </div>
        <StandingsTable standing={standing} />
      </section>
    </>
  );
};

/** The heroes the last period chose: name, class, clan. */
const Heroes = ({ heroes }: { heroes: OlympiadAnswer['heroes'] }) => {
  const { t } = useTranslation();
  const classNameOf = useGameNames('classes');
  return (
    <section className="world-section" aria-labelledby="olympiad-heroes">
      <h3 className="world-section__title" id="olympiad-heroes">
        {t('world.olympiad.heroes')}
      </h3>
      {heroes.length === 0 ? (
        <p className="page-notice">{t('world.olympiad.noHeroes')}</p>
      ) : (
        <table className="world-table olympiad-table">
          <thead>
            <tr>
              <th scope="col">{t('world.olympiad.hero')}</th>
              <th scope="col">{t('world.olympiad.class')}</th>
              <th scope="col" className="olympiad-table__wide-only">
                {t('world.olympiad.clan')}
              </th>
            </tr>
          </thead>
          <tbody>
            {heroes.map((hero) => (
              <tr key={hero.name}>
                <th scope="row">
                  {hero.name}
                  {/* On a phone the clan goes under the name, as in the standings; its column is hidden. */}
                  {hero.clan && (
                    <span className="olympiad-table__clan olympiad-table__phone-only">
                      <ClanLink name={hero.clan} />
                    </span>
                  )}
                </th>
                <td>{classNameOf(hero.classId, hero.className)}</td>
                <td className="olympiad-table__wide-only">
                  <ClanLink name={hero.clan} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};

/**
 * The Olympiad: the period, every class's leader, one class's standings and the last period's
 * heroes (docs/product.md#olympiad).
 */
export const OlympiadPage = () => (
  <WorldPage route="worldOlympiad" call="getOlympiad">
    {(olympiad) => (
      <>
        <PeriodNotice period={olympiad.period} />
        <Standings classes={olympiad.classes} />
        <Heroes heroes={olympiad.heroes} />
      </>
    )}
  </WorldPage>
);

export default OlympiadPage;
