import { PAYMENT_METHODS, type PaymentMethod } from '../../../core/api/contract';
import type { Translators } from './use-messages';

/** The payment methods as radio buttons, with the server's error for the field if any. */
export function MethodChoice({
  legend,
  value,
  onChange,
  api,
  errors,
}: {
  legend: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  api: Translators['api'];
  errors?: string[];
}) {
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {PAYMENT_METHODS.map((option) => (
        <label key={option} className="choice">
          <input
            type="radio"
            name="method"
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {api(`methods.${option}`)}
        </label>
      ))}
      {errors && <p className="field__error">{errors.join(' ')}</p>}
    </fieldset>
  );
}
