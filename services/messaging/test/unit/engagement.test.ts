import fixtures from '../fixtures/engagement.json';
import {
  classifyEngagement,
  ENGAGEMENT_CLASSES,
  rangeOf,
  userAgentOf,
  type EarlierEngagement,
  type EngagementClass,
  type EngagementRequest,
} from '../../src/domain/engagement';

interface Case {
  name: string;
  request: EngagementRequest;
  earlier: EarlierEngagement[];
  expected: EngagementClass;
}
const cases = fixtures.cases as Case[];
const machine = (c: EngagementClass) => c !== 'human';

describe('engagement classifier on the labelled request shapes', () => {
  const results = cases.map((c) => ({ ...c, got: classifyEngagement(c.request, c.earlier) }));

  it('has a fixture set of at least 40 cases covering every class', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.expected))).toEqual(new Set(ENGAGEMENT_CLASSES));
  });

  it('finds machines with precision and recall of at least 0.9', () => {
    const tp = results.filter((r) => machine(r.expected) && machine(r.got.class)).length;
    const fp = results.filter((r) => !machine(r.expected) && machine(r.got.class)).length;
    const fn = results.filter((r) => machine(r.expected) && !machine(r.got.class)).length;
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    const exact = results.filter((r) => r.got.class === r.expected).length / results.length;
    const wrong = results
      .filter((r) => r.got.class !== r.expected)
      .map((r) => `  ${r.name}: expected ${r.expected}, got ${r.got.class} (${r.got.reasons.join(', ')})`);
    console.log(
      `engagement classifier on ${results.length} cases: machine precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}; exact class ${exact.toFixed(3)}` +
        (wrong.length ? `\n${wrong.join('\n')}` : ''),
    );
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(exact).toBeGreaterThanOrEqual(0.9);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(classifyEngagement(c.request, c.earlier).class).toBe(c.expected);
  });
});

describe('engagement signals', () => {
  it('matches address ranges of the data file, IPv4, IPv6 and IPv4-mapped', () => {
    expect(rangeOf('17.1.2.3', 'open')).toEqual({ class: 'apple_mpp', reason: 'apple_mpp_range' });
    expect(rangeOf('::ffff:17.1.2.3', 'open')?.class).toBe('apple_mpp');
    expect(rangeOf('2620:149:a::1', 'open')?.class).toBe('apple_mpp');
    expect(rangeOf('40.107.1.1', 'click')).toEqual({ class: 'security_scanner', reason: 'microsoft_scanner_range' });
    expect(rangeOf('203.0.113.1', 'open')).toBeUndefined();
    expect(rangeOf('not-an-ip', 'open')).toBeUndefined();
  });

  it('does not take an Apple address for a machine when it clicks (iCloud Private Relay users browse from it)', () => {
    expect(rangeOf('17.1.2.3', 'click')).toBeUndefined();
  });

  it('names the user-agent shape that fired', () => {
    expect(userAgentOf('Mozilla/5.0 (via ggpht.com GoogleImageProxy)')?.reason).toBe('google_image_proxy_ua');
    expect(userAgentOf('Twitterbot/1.0')?.class).toBe('prefetch');
    expect(userAgentOf('Mozilla/5.0 (Windows NT 10.0) Chrome/131')).toBeUndefined();
  });

  it('gives every signal that fired, the deciding one first', () => {
    const v = classifyEngagement({ kind: 'click', ip: '40.107.1.1', userAgent: 'curl/8', method: 'HEAD', secondsSinceSent: 1, trap: true });
    expect(v.class).toBe('security_scanner');
    expect(v.reasons).toEqual(['trap_link', 'head_request', 'http_library_ua', 'microsoft_scanner_range', 'seconds_after_delivery']);
  });

  it('a click on one link long after another of the same mail is no burst', () => {
    const earlier: EarlierEngagement[] = [{ kind: 'click', secondsAgo: 30, link: 'https://a.example/', class: 'human', sameClient: true }];
    expect(
      classifyEngagement(
        { kind: 'click', ip: '203.0.113.1', userAgent: 'Mozilla/5.0 (X11) Firefox/133', secondsSinceSent: 600, link: 'https://b.example/' },
        earlier,
      ).class,
    ).toBe('human');
  });
});
