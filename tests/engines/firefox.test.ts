/** The core journeys in Firefox's engine: Firefox ESR over WebDriver BiDi (firefox.ts). */
import { engineJourneys } from './journeys';
import { openFirefox } from './firefox';

engineJourneys({ name: 'Firefox', open: (size) => openFirefox(size), desktopLang: 'zh-CN' });
