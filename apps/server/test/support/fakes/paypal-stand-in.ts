import { startFakePaypalRest } from './fake-paypal-rest';

/**
 * The end-to-end tests' PayPal (playwright.config.ts): the same local REST server and approval
 * page as the server tests', as a process on a fixed port with the credentials given.
 * Usage: node --import tsx apps/server/test/support/fakes/paypal-stand-in.ts PORT CLIENT_ID CLIENT_SECRET WEBHOOK_ID
 */
const [port = '0', clientId, clientSecret, webhookId] = process.argv.slice(2);
const paypal = await startFakePaypalRest({ port: Number(port), clientId, clientSecret, webhookId });
console.log(`PayPal stand-in on ${paypal.origin}`);
const stop = () => void paypal.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
