import { smtpClass } from '../../src/app/deliver';

describe('smtpClass', () => {
  it('classes a failed handoff by the reply code, or as error when the server gave none', () => {
    expect(smtpClass({ responseCode: 451 })).toBe('4xx');
    expect(smtpClass({ responseCode: 421, code: 'EENVELOPE' })).toBe('4xx');
    expect(smtpClass({ responseCode: 550 })).toBe('5xx');
    expect(smtpClass({ responseCode: 503 })).toBe('5xx');
    expect(smtpClass({ code: 'ECONNREFUSED' })).toBe('error');
    expect(smtpClass(new Error('socket hang up'))).toBe('error');
    expect(smtpClass(undefined)).toBe('error');
  });
});
