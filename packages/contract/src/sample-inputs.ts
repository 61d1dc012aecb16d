import type { Api } from './api';

/**
 * One valid input of each call that takes one, for tests (`@gatekeeper/contract/sample-inputs`):
 * each test changes one field.
 */
export const SAMPLE_INPUTS = {
  addVisitor: { ref: 'abcdef123456' },
  addFacebookToken: { accessToken: 'EAAB-token' },
  mail: {
    username: 'demogamemaster',
    password: 'Master.Pass3',
    subject: 'Opening',
    version: 'interlude',
    registeredOnly: 'No',
    testEmails: 'a@example.com, b@example.com',
    content: '<p>Hi</p>',
    captcha: 'captcha-token',
  },
  unsubscribe: { email: 'player1@example.com', user: 'player1', version: 'interlude', sig: 'c2lnbmF0dXJl' },
  getNewPassword: { key: 'k'.repeat(43) },
  createAccount: {
    username: 'player1',
    newPassword: 'Abcdef1!',
    confirmPassword: 'Abcdef1!',
    email: 'player1@example.com',
    confirmEmail: 'player1@example.com',
    captcha: 'captcha-token',
    creationIpV6: '2001:db8::1',
  },
  changePassword: {
    username: 'player1',
    password: 'old-password',
    newPassword: 'Abcdef1!',
    confirmPassword: 'Abcdef1!',
    captcha: 'captcha-token',
  },
  recoverPassword: { username: 'player1', email: 'player1@example.com', captcha: 'captcha-token', lang: 'en' },
  changePincode: {
    username: 'player1',
    password: 'anything',
    email: 'player1@example.com',
    charName: 'DemoKnight',
    pincode: '123456',
    captcha: 'captcha-token',
  },
  unblockCharacter: {
    username: 'player1',
    password: 'anything',
    email: 'player1@example.com',
    charName: 'DemoKnight',
    captcha: 'captcha-token',
  },
  isCharacterExist: { name: 'DemoKnight' },
  getNews: { language: 'ru' },
  claimVotes: { charName: 'DemoKnight', captcha: 'captcha-token' },
  createDonationOrder: { charName: 'DemoKnight', amount: '10.00' },
  updateRef: { type: 'registered' },
  updateIps: { users: 'player1|player2', ipV4: '198.51.100.7', ipV6: '2001:db8::1' },
  getReferralLink: { username: 'player1', email: 'player1@example.com', captcha: 'captcha-token', charName: '' },
  signIn: { username: 'player1', password: 'anything', captcha: 'captcha-token' },
  signOut: {},
  endSession: { id: 'AAAAAAAAAAAAAAAAAAAAAA' },
  endOtherSessions: {},
  signInSecondFactor: { code: '123456' },
  beginTotp: {},
  confirmTotp: { code: '123456' },
  disableTotp: { code: '123456' },
} satisfies Partial<Record<keyof Api, Record<string, string>>>;
