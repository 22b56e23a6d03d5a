/**
 * DADS form pieces for the data storage pages: label + required badge + support text +
 * control + error text, the error id first in aria-describedby; choice groups as
 * fieldset/legend. No placeholder stands in for a label.
 */
import type { ReactNode } from 'react';

export function RequiredBadge({ required }: { readonly required: boolean }) {
  return required ? <span className="field__badge">必須</span> : <span className="field__badge field__badge--optional">任意</span>;
}

function describedBy(...ids: (string | null)[]): string | undefined {
  const present = ids.filter((id): id is string => id !== null);
  return present.length === 0 ? undefined : present.join(' ');
}

/** `disabled`: shown but not selectable; its support text should say why. */
export type ChoiceOption<V extends string = string> = { readonly value: V; readonly label: ReactNode; readonly support?: ReactNode; readonly disabled?: boolean };

/** `V` is the options' value type, so a group of codes hands its handler a code, not any string. */
export type ChoiceGroupProps<V extends string = string> = {
  readonly id: string;
  readonly legend: string;
  readonly required: boolean;
  readonly type: 'radio' | 'checkbox';
  readonly options: readonly ChoiceOption<V>[];
  readonly selected: readonly V[];
  readonly onChange: (value: V, checked: boolean) => void;
  readonly support?: ReactNode;
  readonly error?: string | null;
  readonly disabled?: boolean;
};

export function ChoiceGroup<V extends string>(props: ChoiceGroupProps<V>) {
  const errorId = props.error ? `${props.id}-error` : null;
  const supportId = props.support === undefined ? null : `${props.id}-support`;
  return (
    <fieldset
      className={props.error ? 'field field--invalid' : 'field'}
      aria-describedby={describedBy(errorId, supportId)}
      aria-invalid={props.error ? true : undefined}
      disabled={props.disabled}
    >
      <legend className="field__label">
        {props.legend}
        <RequiredBadge required={props.required} />
      </legend>
      {supportId === null ? null : (
        <p id={supportId} className="field__support">
          {props.support}
        </p>
      )}
      <div className="choice-list">
        {props.options.map((option) => {
          const inputId = `${props.id}-${option.value}`;
          const optionSupportId = option.support === undefined ? null : `${inputId}-support`;
          return (
            <div key={option.value} className="choice">
              <input
                id={inputId}
                type={props.type}
                name={props.id}
                value={option.value}
                checked={props.selected.includes(option.value)}
                disabled={option.disabled}
                onChange={(event) => props.onChange(option.value, event.currentTarget.checked)}
                aria-describedby={describedBy(optionSupportId)}
              />
              <label htmlFor={inputId}>
                <span className="choice__label">{option.label}</span>
                {optionSupportId === null ? null : (
                  <span id={optionSupportId} className="choice__support">
                    {option.support}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
      {errorId === null ? null : (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

export type TextFieldProps = {
  readonly id: string;
  readonly label: string;
  readonly required: boolean;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly support?: ReactNode;
  readonly error?: string | null;
  readonly inputMode?: 'text' | 'numeric' | 'email';
  readonly autoComplete?: string;
  readonly maxLength?: number;
  readonly disabled?: boolean;
  readonly size?: 'short' | 'medium';
  /** Leaving the field: e.g. to show the value normalised (3-4-4, full-width digits made half-width). */
  readonly onBlur?: () => void;
  /** 'password' for a secret; shown as text when the customer asks to see it. */
  readonly type?: 'text' | 'password';
  /** Off for secrets and IDs: a cloud spell checker must not receive a password shown as text. */
  readonly spellCheck?: boolean;
};

export function TextField(props: TextFieldProps) {
  const errorId = props.error ? `${props.id}-error` : null;
  const supportId = props.support === undefined ? null : `${props.id}-support`;
  return (
    <div className={props.error ? 'field field--invalid' : 'field'}>
      <label htmlFor={props.id} className="field__label">
        {props.label}
        <RequiredBadge required={props.required} />
      </label>
      {supportId === null ? null : (
        <p id={supportId} className="field__support">
          {props.support}
        </p>
      )}
      <input
        id={props.id}
        className={`text-input text-input--${props.size ?? 'medium'}`}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onBlur={props.onBlur}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        spellCheck={props.spellCheck}
        autoCapitalize={props.spellCheck === false ? 'none' : undefined}
        maxLength={props.maxLength}
        aria-required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(errorId, supportId)}
        disabled={props.disabled}
      />
      {errorId === null ? null : (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}

export type CheckboxFieldProps = {
  readonly id: string;
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly error?: string | null;
};

/** One required checkbox (consent): the box and its label, the error under it. */
export function CheckboxField(props: CheckboxFieldProps) {
  const errorId = props.error ? `${props.id}-error` : null;
  return (
    <div className={props.error ? 'field field--invalid' : 'field'}>
      <div className="choice">
        <input
          id={props.id}
          type="checkbox"
          checked={props.checked}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
          aria-required="true"
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(errorId)}
        />
        <label htmlFor={props.id}>
          <span className="choice__label">
            {props.label}
            <RequiredBadge required />
          </span>
        </label>
      </div>
      {errorId === null ? null : (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
