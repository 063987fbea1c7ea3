/**
 * Texts only the local UAA produces: details that say more than the catalogue's code text, and
 * the bodies of the messages it "sends". zh-CN must have the en-US shape.
 */
import type { Locale } from '@shared/i18n/locale';

export type LocalText = Readonly<Record<Locale, string>>;
const t = (en: string, zh: string): LocalText => ({ 'en-US': en, 'zh-CN': zh });

export const LOCAL_TEXTS = {
  notActivated: t(
    'Access denied: this account is not activated yet. Open the link in the activation e-mail (valid for 2 hours).',
    '访问被拒绝：账号尚未激活，请点击激活邮件中的链接（2 小时内有效）。',
  ),
  disabled: t('Access denied: this account has been disabled.', '访问被拒绝：该账号已被停用。'),
  activationSubject: t('Activate your account', '激活您的账号'),
  activationBody: t(
    'Open this link within 2 hours to activate your account:',
    '请在 2 小时内打开以下链接激活您的账号：',
  ),
  codeSubject: t('Your verification code', '您的验证码'),
  /** `{code}` is replaced by the code. */
  codeBody: t(
    'Your verification code is {code}. It is valid for 5 minutes. Do not share it with anyone.',
    '您的验证码为 {code}，5 分钟内有效，请勿泄露给他人。',
  ),
  codeWrong: t('The verification code is wrong.', '验证码错误。'),
  codeExpired: t(
    'The verification code has expired or was already used. Please request a new one.',
    '验证码已过期或已使用，请重新获取。',
  ),
  phoneExists: t('Phone already exists', '手机号已存在'),
  emailExists: t('Email already exists', '邮箱已存在'),
  phoneNotRegistered: t('Not a registered phone, please re-enter', '该手机号未注册，请重新输入'),
  emailNotRegistered: t('Not a registered email, please re-enter', '该邮箱未注册，请重新输入'),
  sameContact: t('Please enter a new phone number or e-mail', '请输入新的手机号或邮箱'),
  stepFirst: t(
    'Please verify your current phone or e-mail first (the first step has not passed or has expired).',
    '请先完成当前手机号或邮箱的验证（第一步未通过或已过期）。',
  ),
  flowNotForAccount: t('This verification does not apply to this account.', '该验证方式不适用于此账号。'),
  notYourContact: t(
    'This is not the phone number or e-mail of this account.',
    '该手机号或邮箱不属于此账号。',
  ),
  stepSendsNoCode: t('This step does not send a code.', '此步骤无需发送验证码。'),
  wrongCall: t('This step is not completed by this call.', '此步骤不能通过该接口完成。'),
  passwordNeeded: t('Please set a password for this account.', '请为此账号设置密码。'),
  usernameAlreadySet: t(
    'The username has already been set and cannot be changed.',
    '用户名已设置，无法修改。',
  ),
  keyLimit: t(
    'Invoke out of limit: an account can hold at most 2 access keys. Delete one first.',
    '超出限制：每个账号最多只能创建 2 个密钥，请先删除一个。',
  ),
  keyEnabled: t('Close the key before deleting it.', '请先关闭该密钥再删除。'),
  notYourKey: t('No such access key.', '密钥不存在。'),
  noModule: t(
    'This account currently has no permission to access this module.',
    '该账号暂无权限访问此模块。',
  ),
  notYourData: t('You can only read your own data.', '只能查看自己的数据。'),
  unknownRecord: t('The record does not exist.', '记录不存在。'),
  notYourself: t('You cannot delete or disable your own account here.', '不能在此删除或停用自己的账号。'),
  lastAdmin: t(
    'This is the last account that can manage users; it cannot be removed.',
    '这是最后一个可管理用户的账号，无法删除。',
  ),
  sourceRequired: t('Please choose a registration source', '请选择注册来源'),
  roleSingle: t('A user has a single role or none.', '用户只能有一个角色或没有角色。'),
  identityBoundElsewhere: t(
    'This third-party account is already bound to another account.',
    '该第三方账号已绑定其他账号。',
  ),
  identityAlreadyBound: t(
    'This account is already bound to another third-party account of this kind. To change it, contact support.',
    '此账号已绑定同类型的其他第三方账号，如需更换请联系客服。',
  ),
  oauthCodeInvalid: t(
    'The third-party authorization has expired or was already used. Please try again.',
    '第三方授权已过期或已使用，请重试。',
  ),
  githubAccountTaken: t(
    'This GitHub account is already bound to another account.',
    '该 GitHub 账号已绑定其他账号。',
  ),
} as const satisfies Record<string, LocalText>;
