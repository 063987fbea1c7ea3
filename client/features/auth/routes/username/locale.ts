import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    title: 'Set your username',
    hint: 'The username identifies you on every platform and cannot be changed once set.',
    username: 'Username',
    placeholder: 'Starts with a letter, 3-30 characters',
    confirm: 'Confirm',
    done: 'Username set successfully',
  },
  {
    title: '设置用户名',
    hint: '用户名是您在各平台的身份标识，设置后不可修改。',
    username: '用户名',
    placeholder: '以字母开头，3-30 个字符',
    confirm: '确认',
    done: '用户名设置成功',
  },
);
