/**
 * Password fields and the one show/hide toggle of their form (ADR 0085). The autocomplete token
 * tells password managers which password a field is; the toggle is a native checkbox, so its
 * visible label is its name and every screen reader announces its state.
 */
import { TextField } from '../service-flow/fields';

export type PasswordFieldProps = {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly support?: string;
  readonly error?: string | null;
  readonly maxLength: number;
  readonly disabled?: boolean;
  /** Shown as plain text (the form's toggle). */
  readonly shown: boolean;
};

export function PasswordField({ shown, ...props }: PasswordFieldProps) {
  return <TextField {...props} required type={shown ? 'text' : 'password'} spellCheck={false} />;
}

/** Shows or hides every password of the form as one: the customer checks what was typed, all fields at once. */
export function ShowPasswordsToggle({ id, shown, onChange, disabled }: { readonly id: string; readonly shown: boolean; readonly onChange: (shown: boolean) => void; readonly disabled?: boolean }) {
  return (
    <div className="choice password-toggle">
      <input id={id} type="checkbox" checked={shown} onChange={(event) => onChange(event.currentTarget.checked)} disabled={disabled} />
      <label htmlFor={id}>
        <span className="choice__label">パスワードを表示する</span>
      </label>
    </div>
  );
}
