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
  media: { primary: ['235,102,140', '216,60,105', '181,38,82'] },
  landmarks: { primary: ['72,168,118', '40,140,90', '28,110,70'] },
  cmg: { primary: ['230,110,70', '208,80,40', '170,60,28'] },
  medieval: { primary: ['160,120,70', '133,94,48', '104,72,34'] },
  migo: { primary: ['110,120,245', '84,92,230', '60,66,190'] },
  vsp: { primary: ['60,170,200', '24,144,180', '16,114,144'] },
  moce: { primary: ['140,96,230', '114,64,210', '88,44,170'] },
  'science-discovery': { primary: ['64,128,255', '22,93,255', '14,66,210'] },
  virtualbiolab: { primary: ['50,180,150', '20,150,120', '12,118,94'] },
  intern: { primary: ['255,150,60', '245,120,20', '200,92,10'] },
};

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
