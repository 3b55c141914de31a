import { describe, expect, it } from 'vitest';
import { describeDevice, describeUserAgent } from './user-agent.js';

// User-Agent strings as these browsers send them.
const CASES: [what: string, userAgent: string, browser: string, system: string][] = [
  [
    'Chrome on an Android phone (reduced User-Agent)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    'Chrome',
    'Android',
  ],
  [
    'Safari on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari',
    'iOS',
  ],
  [
    'Safari on an iPad',
    'Mozilla/5.0 (iPad; CPU OS 14_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Mobile/15E148 Safari/604.1',
    'Safari',
    'iOS',
  ],
  [
    'Chrome on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/132.0.6834.100 Mobile/15E148 Safari/604.1',
    'Chrome',
    'iOS',
  ],
  ['Firefox on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'Windows'],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:97.0) Gecko/20100101 Firefox/97.0', 'Firefox', 'Linux'],
  [
    'Firefox on an Android phone',
    'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
    'Firefox',
    'Android',
  ],
  [
    'Firefox on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) FxiOS/9.0 Mobile/15E148 Safari/602.1',
    'Firefox',
    'iOS',
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36 Edg/122.0.0.0',
    'Edge',
    'Windows',
  ],
  [
    'Edge on an Android phone',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.0.0',
    'Edge',
    'Android',
  ],
  [
    'Opera Mini on an Android phone',
    'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
    'Opera Mini',
    'Android',
  ],
  [
    'Opera Mini on an iPhone',
    'Opera/9.80 (iPhone; Opera Mini/8.0.0/191.293; U; en) Presto/2.12.423 Version/12.16',
    'Opera Mini',
    'iOS',
  ],
  [
    'Opera on an Android phone',
    'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 OPR/79.0.4195.76434',
    'Opera',
    'Android',
  ],
  [
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Samsung Internet',
    'Android',
  ],
  [
    'UC Browser',
    'Mozilla/5.0 (Linux; U; Android 10; en-US; SM-G975F Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
    'UC Browser',
    'Android',
  ],
  [
    'a page inside an Android app',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/128.0.6613.127 Mobile Safari/537.36',
    'Android WebView',
    'Android',
  ],
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Chrome',
    'Windows',
  ],
  [
    'Chrome on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Chrome',
    'macOS',
  ],
  [
    'Chrome on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Chrome',
    'Linux',
  ],
  [
    'headless Chromium (the browser tests)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    'Chrome',
    'Linux',
  ],
  [
    'Chrome on a Chromebook',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Chrome',
    'ChromeOS',
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Safari',
    'macOS',
  ],
  [
    'the browser of a KaiOS phone',
    'Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i;Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
    'Firefox',
    'KaiOS',
  ],
  ['a command-line client', 'curl/8.5.0', 'Unknown browser', 'Unknown system'],
  ['a made-up name on a known system', 'SomeRadioApp/2.0 (Windows NT 10.0)', 'Unknown browser', 'Windows'],
  ['nothing at all', '', 'Unknown browser', 'Unknown system'],
];

describe('describeUserAgent', () => {
  it.each(CASES)('%s', (_what, userAgent, browser, system) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, system });
  });

  it('says "Unknown browser" for a session that kept no User-Agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
  });
});

describe('describeDevice', () => {
  it('names the browser and the system, or only the browser when the system is unknown', () => {
    expect(describeDevice({ browser: 'Chrome', system: 'Android' })).toBe('Chrome on Android');
    expect(describeDevice({ browser: 'Unknown browser', system: 'Windows' })).toBe('Unknown browser on Windows');
    expect(describeDevice({ browser: 'Unknown browser', system: 'Unknown system' })).toBe('Unknown browser');
  });
});
