/**
 * Each sub-platform's look (spec §1): its name in the header and its primary colour, applied by
 * overriding Arco's --primary-1…7 variables on the page: buttons, tabs, checkboxes, focus rings,
 * the brand mark, links and the page's tint all follow. Colours are RGB triplets, as Arco
 * expects them.
 */
import type { PlatformKey } from '@shared/platforms';
import { defineTexts } from '@shared/i18n/define-texts';

export interface PlatformTheme {
  /** Arco primary 5/6/7 (hover, base, active) as "r,g,b". */
  primary: readonly [string, string, string];
}

export const PLATFORM_THEMES: Record<PlatformKey, PlatformTheme> = {
  media: { primary: ['188,81,112', '207,57,100', '176,48,85'] },
  landmarks: { primary: ['56,131,92', '37,131,84', '31,111,71'] },
  cmg: { primary: ['184,88,56', '199,76,38', '169,65,32'] },
  medieval: { primary: ['147,110,64', '133,94,48', '113,79,40'] },
  migo: { primary: ['98,107,220', '84,92,230', '71,78,195'] },
  vsp: { primary: ['44,128,150', '21,126,158', '17,107,134'] },
  moce: { primary: ['134,92,220', '114,64,210', '96,54,178'] },
  'science-discovery': { primary: ['52,86,162', '30,64,140', '22,50,112'] },
  virtualbiolab: { primary: ['36,132,110', '17,131,105', '14,112,89'] },
  intern: { primary: ['172,101,40', '181,88,14', '154,75,12'] },
};

// Arco's light steps as shares of primary-6 over white (its default blue: 10, 28, 46, 64 %).
const LIGHT_SHARES = [0.1, 0.28, 0.46, 0.64] as const;

/**
 * The CSS variables a theme sets: Arco's --primary-1…7 (the light steps mixed from primary-6),
 * and its --link-1…7 the same, so that links take the platform's colour too.
 */
export function themeVariables(theme: PlatformTheme): Record<string, string> {
  const [hover, base, active] = theme.primary;
  const rgb = base.split(',').map(Number);
  const vars: Record<string, string> = {};
  LIGHT_SHARES.forEach((share, i) => {
    vars[`--primary-${i + 1}`] = rgb.map((c) => Math.round(255 - (255 - c) * share)).join(',');
  });
  vars['--primary-5'] = hover;
  vars['--primary-6'] = base;
  vars['--primary-7'] = active;
  for (const [name, value] of Object.entries(vars)) vars[name.replace('primary', 'link')] = value;
  return vars;
}

/** The sub-brand's own look (spec §1: "a separate branded variant"), a deep teal. */
export const BRAND_THEME: PlatformTheme = { primary: ['0,110,120', '0,96,106', '0,78,86'] };

export const platformNames = defineTexts(
  {
    main: 'Account Center',
    branded: 'XLab Account',
    media: 'Media Account',
    landmarks: 'Landmarks Account',
    cmg: 'CMG Account',
    medieval: 'Medieval Studies Account',
    migo: 'Migo Account',
    vsp: 'VSP Account',
    moce: 'MoCE Account',
    'science-discovery': 'Science Discovery Account',
    virtualbiolab: 'Virtual Bio Lab Account',
    intern: 'Intern Program Account',
    footer: 'One account for every platform of the family',
    medievalFooter: 'Medieval Studies Database · a research collaboration of the platform family',
  },
  {
    main: '账号中心',
    branded: 'XLab 账号',
    media: '媒体平台账号',
    landmarks: '地标平台账号',
    cmg: 'CMG 平台账号',
    medieval: '中世纪研究平台账号',
    migo: 'Migo 平台账号',
    vsp: 'VSP 平台账号',
    moce: 'MoCE 平台账号',
    'science-discovery': '科学发现平台账号',
    virtualbiolab: '虚拟生物实验室账号',
    intern: '实习生计划账号',
    footer: '一个账号，通行所有平台',
    medievalFooter: '中世纪研究数据库 · 平台家族研究合作项目',
  },
);
