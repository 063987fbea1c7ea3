import { Input, type InputProps } from '@arco-design/web-react';
import { IconEye, IconEyeInvisible } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTexts } from '../lib/i18n/use-texts';
import { texts } from './password-input.locale';
import './password-input.css';

/**
 * A password field whose eye is a named toggle button. Arco's own eye is a focusable icon with no
 * role and no name (a screen reader announces nothing; Space does nothing), so the field shows its
 * own: a button that says what it does and whether it is on.
 */
export function PasswordInput(props: InputProps) {
  const t = useTexts(texts);
  const [shown, setShown] = useState(false);
  return (
    <Input.Password
      {...props}
      visibilityToggle={false}
      visibility={shown}
      suffix={
        <button
          type="button"
          className="password-toggle"
          aria-label={t.show}
          aria-pressed={shown}
          disabled={props.disabled}
          onClick={(event) => {
            setShown((value) => !value);
            // The field's frame puts a click's focus in the field (the caret stays where the mouse
            // user types); a key's click (no pointer, detail 0) leaves it on the button.
            if (event.detail === 0) event.stopPropagation();
          }}
        >
          {shown ? <IconEye /> : <IconEyeInvisible />}
        </button>
      }
    />
  );
}
