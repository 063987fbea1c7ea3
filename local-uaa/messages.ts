/**
 * Texts only the local UAA produces: details that say more than the catalogue's code text, and
 * the bodies of the messages it "sends". zh-CN must have the en-US shape.
 */
import { defineTexts, textPair } from '@shared/i18n/define-texts';
import type { Locale } from '@shared/i18n/locale';

/** A detail in both languages: the reply picks the request's. */
export type LocalText = Readonly<Record<Locale, string>>;

export const LOCAL_TEXTS = defineTexts(
  {
    notActivated:
      'Access denied: this account is not activated yet. Open the link in the activation e-mail (valid for 2 hours).',
    disabled: 'Access denied: this account has been disabled.',
    activationSubject: 'Activate your account',
    activationBody: 'Open this link within 2 hours to activate your account:',
    codeSubject: 'Your verification code',
    codeBody: 'Your verification code is {code}. It is valid for 5 minutes. Do not share it with anyone.',
    codeWrong: 'The verification code is wrong.',
    codeExpired: 'The verification code has expired or was already used. Please request a new one.',
    phoneExists: 'Phone already exists',
    emailExists: 'Email already exists',
    phoneNotRegistered: 'Not a registered phone, please re-enter',
    emailNotRegistered: 'Not a registered email, please re-enter',
    sameContact: 'Please enter a new phone number or e-mail',
    stepFirst:
      'Please verify your current phone or e-mail first (the first step has not passed or has expired).',
    flowNotForAccount: 'This verification does not apply to this account.',
    notYourContact: 'This is not the phone number or e-mail of this account.',
    stepSendsNoCode: 'This step does not send a code.',
    wrongCall: 'This step is not completed by this call.',
    passwordNeeded: 'Please set a password for this account.',
    usernameAlreadySet: 'The username has already been set and cannot be changed.',
    keyLimit: 'Invoke out of limit: an account can hold at most 2 access keys. Delete one first.',
    keyEnabled: 'Close the key before deleting it.',
    notYourKey: 'No such access key.',
    noModule: 'This account currently has no permission to access this module.',
    notYourData: 'You can only read your own data.',
    unknownRecord: 'The record does not exist.',
    notYourself: 'You cannot delete or disable your own account here.',
    lastAdmin: 'This is the last account that can manage users; it cannot be removed.',
    sourceRequired: 'Please choose a registration source',
    roleSingle: 'A user has a single role or none.',
    identityBoundElsewhere: 'This third-party account is already bound to another account.',
    identityAlreadyBound:
      'This account is already bound to another third-party account of this kind. To change it, contact support.',
    oauthCodeInvalid: 'The third-party authorization has expired or was already used. Please try again.',
    githubAccountTaken: 'This GitHub account is already bound to another account.',
  },
  {
    notActivated: '访问被拒绝：账号尚未激活，请点击激活邮件中的链接（2 小时内有效）。',
    disabled: '访问被拒绝：该账号已被停用。',
    activationSubject: '激活您的账号',
    activationBody: '请在 2 小时内打开以下链接激活您的账号：',
    codeSubject: '您的验证码',
    codeBody: '您的验证码为 {code}，5 分钟内有效，请勿泄露给他人。',
    codeWrong: '验证码错误。',
    codeExpired: '验证码已过期或已使用，请重新获取。',
    phoneExists: '手机号已存在',
    emailExists: '邮箱已存在',
    phoneNotRegistered: '该手机号未注册，请重新输入',
    emailNotRegistered: '该邮箱未注册，请重新输入',
    sameContact: '请输入新的手机号或邮箱',
    stepFirst: '请先完成当前手机号或邮箱的验证（第一步未通过或已过期）。',
    flowNotForAccount: '该验证方式不适用于此账号。',
    notYourContact: '该手机号或邮箱不属于此账号。',
    stepSendsNoCode: '此步骤无需发送验证码。',
    wrongCall: '此步骤不能通过该接口完成。',
    passwordNeeded: '请为此账号设置密码。',
    usernameAlreadySet: '用户名已设置，无法修改。',
    keyLimit: '超出限制：每个账号最多只能创建 2 个密钥，请先删除一个。',
    keyEnabled: '请先关闭该密钥再删除。',
    notYourKey: '密钥不存在。',
    noModule: '该账号暂无权限访问此模块。',
    notYourData: '只能查看自己的数据。',
    unknownRecord: '记录不存在。',
    notYourself: '不能在此删除或停用自己的账号。',
    lastAdmin: '这是最后一个可管理用户的账号，无法删除。',
    sourceRequired: '请选择注册来源',
    roleSingle: '用户只能有一个角色或没有角色。',
    identityBoundElsewhere: '该第三方账号已绑定其他账号。',
    identityAlreadyBound: '此账号已绑定同类型的其他第三方账号，如需更换请联系客服。',
    oauthCodeInvalid: '第三方授权已过期或已使用，请重试。',
    githubAccountTaken: '该 GitHub 账号已绑定其他账号。',
  },
);

/** A detail of LOCAL_TEXTS for `UaaError`, in both languages. */
export function localText(key: keyof (typeof LOCAL_TEXTS)['en-US']): LocalText {
  return textPair(LOCAL_TEXTS, key);
}
