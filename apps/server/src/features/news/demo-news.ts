import { LANGUAGES, type Language, type NewsPostInput, type NewsText } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { claimAnnouncement, savePost } from './news-repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The demo's posts, oldest first: who wrote them, when (before the first run), and the texts. */
export const DEMO_NEWS: {
  slug: string;
  ago: number;
  pinned: boolean;
  by: string;
  texts: Partial<Record<Language, NewsText>> & { en: NewsText };
}[] = [
  {
    slug: 'open-beta',
    ago: 34 * DAY_MS + 6 * HOUR_MS,
    pinned: true,
    by: 'demogamemaster',
    texts: {
      en: {
        title: 'Open beta: the gates of Aden are open',
        body: [
          'The open beta has begun. Create your account, pick your race and step out of your starting village: everything you earn now stays for the official opening.',
          '',
          '- **Rates**: low and retail-like, as shown under the server name',
          '- **Starter pack**: a Newbie Guide buff and No-Grade soulshots for your first levels',
          '- **Bugs**: report them on our Discord, every confirmed report is rewarded with Coins of Luck',
          '',
          'See you in Gludio!',
        ].join('\n'),
      },
      ru: {
        title: 'Открытый бета-тест: врата Адена открыты',
        body: [
          'Открытый бета-тест начался. Создайте аккаунт, выберите расу и покиньте родную деревню: всё, что вы заработаете сейчас, сохранится к официальному открытию.',
          '',
          '- **Рейты**: низкие, как на официальных серверах (они указаны под названием сервера)',
          '- **Стартовый набор**: бафф Помощника новичков и заряды души без грейда на первые уровни',
          '- **Ошибки**: сообщайте о них в нашем Discord, каждое подтверждённое сообщение награждается Монетами Удачи',
          '',
          'До встречи в Глудио!',
        ].join('\n'),
      },
    },
  },
  {
    slug: 'siege-of-giran',
    ago: 9 * DAY_MS + 6 * HOUR_MS,
    pinned: false,
    by: 'demogamemaster',
    texts: {
      en: {
        title: 'Siege of Giran and a double Adena weekend',
        body: [
          'This Saturday at 20:00 the first siege of **Giran Castle** begins. Clan leaders, register with the siege manager by Friday night; the defenders are approved by the castle lord.',
          '',
          'To fill your warehouses before the battle, every monster drops **double Adena** from Friday 18:00 to Monday 06:00 (server time).',
        ].join('\n'),
      },
    },
  },
  {
    slug: 'antharas-awakens',
    ago: 2 * DAY_MS + 3 * HOUR_MS,
    pinned: false,
    by: 'demogamemaster',
    texts: {
      en: {
        title: 'Antharas awakens',
        body: [
          "The earth dragon stirs in his lair: **Antharas** is back. Bring a Portal Stone to the Heart of Warding in Antharas' Lair, gather your command channel and mind the Behemoth Dragons on the way.",
          '',
          'Bring a full party of healers and a lot of patience. Good luck, dragon slayers!',
        ].join('\n'),
      },
    },
  },
];

/** A post's input as the console's form sends it: every language, empty where not written. */
export const demoPostInput = (post: (typeof DEMO_NEWS)[number], publishAt: number): NewsPostInput => ({
  slug: post.slug,
  state: 'published',
  publishAt,
  pinned: post.pinned,
  texts: Object.fromEntries(
    LANGUAGES.map((language) => [language, post.texts[language] ?? { title: '', body: '' }]),
  ) as Record<Language, NewsText>,
});

/**
 * The demo world's news (embedded database, first run only): three posts of the demo game master,
 * published in the past (the open beta, pinned, in English and Russian; a siege event; a boss), so
 * the home page, /news, the feeds and the console's News section show what a post looks like.
 * Written by the news feature's own savePost, each as at its date, and counted as announced, so a
 * Discord webhook set later does not announce old news. Answers each post's id, slug and date.
 */
export const seedDemoNews = async (
  site: Kysely<SiteDatabase>,
  now = Date.now(),
): Promise<{ id: number; slug: string; at: number; input: NewsPostInput }[]> => {
  const saved = [];
  for (const post of DEMO_NEWS) {
    const at = now - post.ago;
    const input = demoPostInput(post, at);
    const id = await savePost(site, input, at, post.by);
    await claimAnnouncement(site, id, at);
    saved.push({ id, slug: post.slug, at, input });
  }
  return saved;
};
