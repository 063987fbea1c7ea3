/** The core journeys in Safari's engine: WebKitGTK's MiniBrowser over WebDriver (webkit.ts). */
import { inject } from 'vitest';
import { engineJourneys } from './journeys';
import { openWebKit } from './webkit';

engineJourneys({
  name: 'WebKit',
  open: (size, baseURL) => openWebKit(size, baseURL, inject('display'), inject('outputDir')),
  desktopLang: 'en-US',
});
