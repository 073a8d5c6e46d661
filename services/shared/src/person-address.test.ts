import { createHash } from 'node:crypto';
import { personAddress, personAddressKey } from './person-address';

describe('personAddress', () => {
  it('when an address differs only in case, spaces or a +tag, then it is the same person', () => {
    for (const variant of ['Ada@Example.com', '  ada@example.com ', 'ada+1@example.com', 'ADA+golf+x@EXAMPLE.COM'])
      expect(personAddress(variant)).toBe('ada@example.com');
  });

  it('when a Gmail address has dots or the googlemail.com domain, then they are dropped; elsewhere dots count', () => {
    for (const variant of ['a.d.a@gmail.com', 'Ada.@GoogleMail.com', 'a.da+news@gmail.com'])
      expect(personAddress(variant)).toBe('ada@gmail.com');
    expect(personAddress('a.da@example.com')).toBe('a.da@example.com');
    expect(personAddress('ada@example.com')).not.toBe(personAddress('ada@example.org'));
  });

  it('when given something without an @, then it is only trimmed and lower-cased', () => {
    expect(personAddress(' Not+An.Address ')).toBe('not+an.address');
  });
});

describe('personAddressKey', () => {
  it('when two addresses are one person, then their keys are equal: the SHA-256 of the normalised address, never the address', () => {
    const key = personAddressKey('Ada.Lovelace+1@googlemail.com');
    expect(key).toBe(personAddressKey('adalovelace@gmail.com'));
    expect(key).toBe(`sha256:${createHash('sha256').update('adalovelace@gmail.com').digest('hex')}`);
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(personAddressKey('ada@example.com')).not.toBe(key);
  });
});
