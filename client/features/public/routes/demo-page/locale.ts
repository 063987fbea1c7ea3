import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    demoNote: 'Demo text. In a deployment this link leads to the page the platform publishes itself.',
    forPlatform: 'For: {platform}',
    home: {
      title: 'Home',
      sections: {
        s1: {
          heading: 'The main site',
          body: 'In a deployment this is the home page of the main site, where the platforms of the family are listed.',
        },
        s2: {
          heading: 'Your account',
          body: 'One account signs you in to every platform. Manage it in the Account Center.',
        },
      },
    },
    agreement: {
      title: 'Service Agreement',
      sections: {
        s1: {
          heading: '1. The service',
          body: 'One account signs you in to every platform of the family. You keep your sign-in details to yourself and tell us if you think someone else has used them.',
        },
        s2: {
          heading: '2. Your use',
          body: 'Use the platforms lawfully and do not try to reach accounts or data that are not yours. Content you upload stays yours; you let the platform store and show it as you choose.',
        },
        s3: {
          heading: '3. Ending',
          body: 'You may cancel your account at any time in the Account Center. What happens to your digital assets afterwards is set out in the account deletion policy.',
        },
      },
    },
    privacy: {
      title: 'Privacy Policy',
      sections: {
        s1: {
          heading: '1. What we keep',
          body: 'Your username, phone number or email, the accounts you bind (GitHub, WeChat, CARSI) and a security log of sign-ins.',
        },
        s2: {
          heading: '2. Why',
          body: 'To sign you in, to send verification codes, to protect your account and to let the platforms you use know who you are. Nothing is sold.',
        },
        s3: {
          heading: '3. Your choices',
          body: 'You can see and change your details in the Account Center and cancel your account there; security logs are deleted after 6 months unless the law requires otherwise.',
        },
      },
    },
    feedback: {
      title: 'Feedback',
      sections: {
        s1: {
          heading: 'Tell us what went wrong',
          body: 'In a deployment this is the main site’s feedback form. Describe what you did, what you expected and what happened instead.',
        },
        s2: {
          heading: 'Replies',
          body: 'Questions about unbinding, rebinding or cancelling an account are answered by email within 15 working days.',
        },
        s3: {
          heading: 'Urgent problems',
          body: 'If you think someone else is using your account, change your password in the Account Center first, then write to us.',
        },
      },
    },
  },
  {
    demoNote: '演示文本。实际部署时，此链接指向各平台自行发布的页面。',
    forPlatform: '适用于：{platform}',
    home: {
      title: '首页',
      sections: {
        s1: {
          heading: '主站',
          body: '实际部署时，这里是主站首页，列出平台家族的各个平台。',
        },
        s2: {
          heading: '您的账号',
          body: '一个账号即可登录所有平台，可在账号中心管理。',
        },
      },
    },
    agreement: {
      title: '服务协议',
      sections: {
        s1: {
          heading: '一、服务内容',
          body: '一个账号即可登录平台家族的所有平台。请妥善保管登录信息，如发现他人使用，请及时告知我们。',
        },
        s2: {
          heading: '二、使用规范',
          body: '请依法使用各平台，不得尝试访问不属于您的账号或数据。您上传的内容归您所有，平台按您的选择存储和展示。',
        },
        s3: {
          heading: '三、终止',
          body: '您可随时在账号中心注销账号。注销后数字资产的处理方式见账号注销协议。',
        },
      },
    },
    privacy: {
      title: '隐私政策',
      sections: {
        s1: {
          heading: '一、我们保存的信息',
          body: '您的用户名、手机号或邮箱，您绑定的账号（GitHub、微信、CARSI），以及登录安全日志。',
        },
        s2: {
          heading: '二、用途',
          body: '用于登录、发送验证码、保护账号安全，以及让您使用的平台识别您的身份。我们不会出售任何信息。',
        },
        s3: {
          heading: '三、您的选择',
          body: '您可在账号中心查看和修改个人信息，也可在此注销账号；安全日志保存 6 个月后删除，法律另有规定的除外。',
        },
      },
    },
    feedback: {
      title: '意见反馈',
      sections: {
        s1: {
          heading: '告诉我们遇到的问题',
          body: '实际部署时，这里是主站的意见反馈表单。请描述您的操作、预期结果和实际结果。',
        },
        s2: {
          heading: '答复',
          body: '关于解绑、换绑或注销账号的问题，我们会在 15 个工作日内通过邮件答复。',
        },
        s3: {
          heading: '紧急问题',
          body: '如果您认为账号被他人使用，请先在账号中心修改密码，再联系我们。',
        },
      },
    },
  },
);
