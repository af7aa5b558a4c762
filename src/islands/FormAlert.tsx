/** Errors that belong to no single field, announced when they appear. */
export function FormAlert({ errors = [] }: { errors?: string[] }) {
  if (!errors.length) return null;
  return (
    <div className="form-alert" role="alert" tabIndex={-1}>
      {errors.join(' ')}
    </div>
  );
}
