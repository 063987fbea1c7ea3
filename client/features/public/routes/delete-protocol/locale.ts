import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    title: 'Account deletion policy',
    intro:
      'This page explains what happens to your digital assets on each platform after you cancel your account. Cancellation cannot be undone.',
    index: 'No.',
    platform: 'Platform',
    assets: 'Digital assets',
    disposal: 'After deletion',
    rows: {
      r1: {
        platform: 'Science Discovery',
        assets: 'Datasets, notebooks and model checkpoints you uploaded',
        disposal:
          'Private items are deleted within 30 days; public datasets stay available without your name.',
      },
      r2: {
        platform: 'Virtual Bio Lab',
        assets: 'Experiment records, protocols and lab notes',
        disposal: 'Deleted within 30 days; shared protocols are kept for their co-authors without your name.',
      },
      r3: {
        platform: 'Media',
        assets: 'Uploaded images, videos and albums',
        disposal: 'Removed from public view at once and deleted within 30 days.',
      },
      r4: {
        platform: 'MoCE',
        assets: 'Models, access keys and API usage records',
        disposal:
          'Access keys are revoked at once; usage records are kept for 180 days for billing, then deleted.',
      },
    },
    retentionTitle: 'Retention after cancellation',
    retention1:
      'Your account information (username, phone, email, bound third-party accounts) is deleted at once and can be registered again.',
    retention2: 'Security logs are kept for 6 months where the law requires it, then deleted.',
    retention3:
      'Requests about third-party unbinding, rebinding or deactivation are answered by email within 15 working days.',
  },
  {
    title: '账号注销协议',
    intro: '本页面说明注销账号后，您在各平台的数字资产将如何处理。注销后无法恢复。',
    index: '序号',
    platform: '平台',
    assets: '数字资产',
    disposal: '注销后处理方式',
    rows: {
      r1: {
        platform: '科学发现平台',
        assets: '您上传的数据集、笔记本和模型检查点',
        disposal: '私有内容在 30 天内删除；公开数据集将匿名保留。',
      },
      r2: {
        platform: '虚拟生物实验室',
        assets: '实验记录、实验方案和实验笔记',
        disposal: '30 天内删除；与他人共享的方案将为共同作者匿名保留。',
      },
      r3: {
        platform: '媒体平台',
        assets: '上传的图片、视频和相册',
        disposal: '立即停止公开展示，并在 30 天内删除。',
      },
      r4: {
        platform: 'MoCE 平台',
        assets: '模型、访问密钥和 API 调用记录',
        disposal: '访问密钥立即失效；调用记录为计费需要保留 180 天后删除。',
      },
    },
    retentionTitle: '注销后的数据保留',
    retention1: '您的账号信息（用户名、手机号、邮箱、绑定的第三方账号）将立即删除，并可重新用于注册。',
    retention2: '安全日志在法律要求的范围内保留 6 个月后删除。',
    retention3: '有关第三方账号解绑、换绑或注销的申请，我们将在 15 个工作日内通过邮件回复。',
  },
);
