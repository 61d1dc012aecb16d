import type { VoteClaimAnswer } from '@gatekeeper/contract/lite';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorCodesOf } from '../../api/client';
import { useDialog } from '../../components/dialog';
import { CaptchaField, type CaptchaHandle } from '../../components/form/captcha-field';
import { ScriptButton } from '../../components/script-button';
import '../../components/form/form.css';

/**
 * "Get my vote rewards": after voting, the player asks the site to check with the vote sites
 * that can say who voted; each answers for itself (rewarded, not voted yet, already rewarded,
 * unavailable). The rewards go to the vote reward character set above, in its realm (decision
 * 049) on a site of several.
 */
const VoteRewards = ({ charName, realm }: { charName: string; realm?: { slug: string; name: string } }) => {
  const { t } = useTranslation();
  const showDialog = useDialog();
  const headingId = useId();
  const captcha = useRef<CaptchaHandle>(null);
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ name: string; results: VoteClaimAnswer }>();

  const refuse = (message: string) => showDialog({ tone: 'error', title: t('vote.errorTitle'), message });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!charName) return refuse(t('vote.claimNeedsName'));
    if (!token) {
      refuse(t('CaptchaEmpty'));
      captcha.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const results = await callApi('claimVotes', {
        body: { charName, captcha: token, ...(realm ? { realm: realm.slug } : {}) },
      });
      setAnswer({ name: charName, results });
    } catch (error) {
      refuse(t(errorCodesOf(error)[0] ?? 'ServerError'));
    } finally {
      // A captcha answers once: a new one for the next claim.
      setToken('');
      captcha.current?.reset();
      setBusy(false);
    }
  };

  return (
    <form className="vote-rewards" aria-labelledby={headingId} method="post" onSubmit={(event) => void submit(event)}>
      <h3 id={headingId} className="vote-rewards__heading">
        {t('vote.claimHeading')}
      </h3>
      <p className="vote-panel__intro">
        {!charName
          ? t('vote.claimNeedsName')
          : realm
            ? t('vote.claimIntroRealm', { name: charName, realm: realm.name })
            : t('vote.claimIntro', { name: charName })}
      </p>
      <CaptchaField ref={captcha} onToken={setToken} invalid={false} />
      <ScriptButton type="submit" className="button" aria-busy={busy}>
        {busy ? t('vote.claiming') : t('vote.claimButton')}
      </ScriptButton>
      <div role="status" aria-live="polite" className="vote-rewards__results">
        {answer && (
          <>
            <p>{t('vote.resultsFor', { name: answer.name })}</p>
            <ul>
              {answer.results.map((site) => (
                <li key={site.site} data-result={site.result}>
                  <span className="vote-rewards__site">{site.site}</span> <span>{t(`vote.result.${site.result}`)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </form>
  );
};

export default VoteRewards;
