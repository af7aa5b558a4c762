import { PAYMENT_METHODS, type PaymentMethod } from '#core/api/contract.ts';
import { DESTINATION_MAX_LENGTH } from '#core/api/destination-rules.ts';
import type { FormErrors } from '../../stores/form-errors';
import { FormField } from '../FormField';
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

/**
 * Where a payout goes, as the withdrawal and the closing forms ask it: the method, then the destination with that
 * method's hint.
 */
export function PayoutFields({
  t,
  api,
  method,
  onMethod,
  errors,
  destinationId,
}: Pick<Translators, 't' | 'api'> & {
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  errors: FormErrors;
  /** The destination field's id, where the page has another form with a destination. */
  destinationId?: string;
}) {
  return (
    <>
      <MethodChoice
        legend={t('withdrawal.method')}
        value={method}
        onChange={onMethod}
        api={api}
        errors={errors.method}
      />
      <FormField
        name="destination"
        id={destinationId}
        label={t('withdrawal.destination')}
        hint={t(`destination_hint.${method}`)}
        maxLength={DESTINATION_MAX_LENGTH}
        autoComplete="off"
        errors={errors.destination}
        required
      />
    </>
  );
}
