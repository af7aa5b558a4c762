import { useMemo } from 'react';
import type { MarketInfo } from '../../core/api/contract';
import type { Locale } from '../../core/i18n/locales';
import { residenceChoice } from '../stores/residence-choice';
import { Field } from './FormField';

/** The country of residence, named in the page's language; keyed on its start so a late market answer moves it. */
export function CountryField({
  label,
  placeholder,
  errors,
  locale,
  market,
}: {
  label: string;
  /** The empty choice's text, shown when no country is likely. */
  placeholder: string;
  errors?: string[];
  locale: Locale;
  market: MarketInfo | undefined;
}) {
  const { options, initial } = useMemo(
    () => residenceChoice(locale, navigator.languages ?? [], market),
    [locale, market],
  );
  return (
    <Field
      id="field-country"
      label={label}
      errors={errors}
      control={(aria) => (
        <select key={initial} name="country" autoComplete="country" defaultValue={initial} required {...aria}>
          {initial === '' && <option value="">{placeholder}</option>}
          {options.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      )}
    />
  );
}
