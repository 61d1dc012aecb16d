import { describe, expect, it } from 'vitest';
import { parseIpnBody } from './ipn-body';

const body = (text: string) => Buffer.from(text, 'latin1');

describe('parseIpnBody', () => {
  it('reads a windows-1252 notification, as PayPal sends by default', () => {
    expect(
      parseIpnBody(body('first_name=Jos%E9&last_name=M%FCller+%80&charset=windows-1252&custom=DemoKnight')),
    ).toEqual({ first_name: 'José', last_name: 'Müller €', charset: 'windows-1252', custom: 'DemoKnight' });
  });

  it('reads a UTF-8 notification by its charset field', () => {
    expect(parseIpnBody(body('charset=UTF-8&first_name=%C5%BDydr%C5%ABnas'))).toEqual({
      charset: 'UTF-8',
      first_name: 'Žydrūnas',
    });
  });

  it('reads UTF-8 when no or an unknown charset is named', () => {
    expect(parseIpnBody(body('first_name=%C3%A9'))).toEqual({ first_name: 'é' });
    expect(parseIpnBody(body('charset=klingon&first_name=%C3%A9'))).toMatchObject({ first_name: 'é' });
  });

  it('keeps the first of a repeated field and takes odd names as they are', () => {
    expect(parseIpnBody(body('txn_id=A&txn_id=B&constructor=x&__proto__=y&flag'))).toEqual(
      Object.fromEntries([
        ['txn_id', 'A'],
        ['constructor', 'x'],
        ['__proto__', 'y'],
        ['flag', ''],
      ]),
    );
  });

  it('leaves a broken escape as written', () => {
    expect(parseIpnBody(body('mc_gross=10%2&x=%ZZ'))).toEqual({ mc_gross: '10%2', x: '%ZZ' });
  });
});
