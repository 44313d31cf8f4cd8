import { generateKeyPair, randomBytes, sign } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * The service's SAML signing certificate (reference GetSSOProviderSAMLSigningCertificate):
 * a self-signed X.509 certificate (RSA 2048, SHA-256) in PEM, made with Node's own
 * crypto and a minimal DER writer, since Node makes keys but not certificates.
 */

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime (YYMMDDHHMMSSZ), valid for years up to 2049. */
const utcTime = (d: Date) => der(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));

const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));

/**
 * A new self-signed certificate whose subject and issuer are `CN=<commonName>`, valid for ten
 * years from `now`. The key is made off the event loop (it takes a few hundred milliseconds).
 */
export async function makeSigningCertificate(commonName: string, now = new Date()): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const name = seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName.slice(0, 64), 'utf8')))));
  const serial = randomBytes(16);
  // Positive, and never a leading zero byte (DER forbids one before a byte under 0x80: 1 certificate in 512 failed to parse).
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // version 3
    der(0x02, serial),
    SHA256_WITH_RSA,
    name,
    seq(utcTime(now), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = seq(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const body = cert.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}
