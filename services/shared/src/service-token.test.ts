import jwt from 'jsonwebtoken';
import { signServiceToken, verifyServiceToken } from './service-token';

const secret = 'test-secret-0123456789abcdef';

describe('service tokens', () => {
  it('when auth signs a token for courses, then courses reads the member from it', () => {
    const token = signServiceToken(secret, {
      issuer: 'auth',
      audience: 'courses',
      claims: { userId: 'u1', email: 'a@b.co' },
    });
    expect(verifyServiceToken(secret, 'courses', token)).toEqual({ userId: 'u1', email: 'a@b.co' });
  });

  it('when a token is meant for another service, signed with another secret, or expired, then it is refused', () => {
    const forCourses = signServiceToken(secret, { issuer: 'auth', audience: 'courses', claims: { userId: 'u1' } });
    expect(() => verifyServiceToken(secret, 'billing', forCourses)).toThrow('service token');
    const otherSecret = signServiceToken('another-secret-0123456789', {
      issuer: 'auth',
      audience: 'courses',
      claims: { userId: 'u1' },
    });
    expect(() => verifyServiceToken(secret, 'courses', otherSecret)).toThrow('service token');
    const expired = jwt.sign({}, secret, {
      audience: 'courses',
      issuer: 'fairway-mind',
      subject: 'u1',
      expiresIn: -10,
    });
    expect(() => verifyServiceToken(secret, 'courses', expired)).toThrow('service token');
    const none = jwt.sign({}, '', { algorithm: 'none', audience: 'courses', issuer: 'fairway-mind', subject: 'u1' });
    expect(() => verifyServiceToken(secret, 'courses', none)).toThrow('service token');
  });
});
