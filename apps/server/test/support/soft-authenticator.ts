import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR, isoUint8Array } from '@simplewebauthn/server/helpers';

type Bytes = Uint8Array<ArrayBuffer>;
const sha256 = (data: Uint8Array | string): Bytes => new Uint8Array(createHash('sha256').update(data).digest());

/** User present, user verified, attested credential data included (WebAuthn's authenticator data flags). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A passkey authenticator in software, as a browser's platform authenticator answers: an ES256
 * key pair, "none" attestation, a signature counter. Its answers are what
 * @simplewebauthn/browser hands the site; `origin` is the page it pretends to run on.
 */
export class SoftAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = isoBase64URL.fromBuffer(new Uint8Array(randomBytes(32)));
  counter = 0;
  /** false: the authenticator answers without a PIN or fingerprint (user present only). */
  userVerified = true;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  /** The same key and id, its counter where this one's is now: what a cloned authenticator would be. */
  clone(): SoftAuthenticator {
    const copy = Object.create(SoftAuthenticator.prototype) as SoftAuthenticator;
    Object.assign(copy, this);
    return copy;
  }

  private cosePublicKey(): Bytes {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return new Uint8Array(
      isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
          [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
        ]),
      ),
    );
  }

  private authenticatorData(attested: boolean, rpId = this.rpId): Bytes {
    const counter = new Uint8Array(4);
    new DataView(counter.buffer).setUint32(0, this.counter);
    const flags = new Uint8Array([UP | (this.userVerified ? UV : 0) | (attested ? AT : 0)]);
    const parts: Bytes[] = [sha256(rpId), flags, counter];
    if (attested) {
      const id = isoBase64URL.toBuffer(this.credentialId);
      const length = new Uint8Array(2);
      new DataView(length.buffer).setUint16(0, id.length);
      parts.push(new Uint8Array(16), length, new Uint8Array(id), this.cosePublicKey());
    }
    return isoUint8Array.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for these options. */
  register(options: { challenge: string }, overrides: { origin?: string } = {}): RegistrationResponseJSON {
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', this.authenticatorData(true)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() for these options: the counter goes one forward. */
  authenticate(
    options: { challenge: string },
    overrides: { origin?: string; rpId?: string } = {},
  ): AuthenticationResponseJSON {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const authenticatorData = this.authenticatorData(false, overrides.rpId);
    const signature = sign(
      'sha256',
      isoUint8Array.concat([authenticatorData, sha256(isoBase64URL.toBuffer(clientDataJSON))]),
      this.keys.privateKey,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      },
    };
  }
}
