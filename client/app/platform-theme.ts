/**
 * Each sub-platform's look (spec §1): its name in the header and its primary colour, applied by
 * overriding Arco's --primary-* variables on the page frame. Colours are RGB triplets, as Arco
 * expects them.
 */
import type { PlatformKey } from '@shared/platforms';
import { defineTexts } from '../i18n/define-texts';

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
  'science-discovery': { primary: ['56,112,224', '22,93,255', '18,79,216'] },
  virtualbiolab: { primary: ['36,132,110', '17,131,105', '14,112,89'] },
  intern: { primary: ['172,101,40', '181,88,14', '154,75,12'] },
};

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
