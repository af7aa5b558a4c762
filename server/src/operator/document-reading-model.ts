// What staff read from an identity document, as the console's routes, services and views share it.
// Neutral, so views need not import a service.

/** What staff read from an identity document when they approve it (stored with the verification). */
export interface DocumentReading {
  /** Upper case, letters, digits and dashes only: what doc.shared_number compares. */
  number: string;
  name: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** YYYY-MM-DD */
  expiresOn: string;
}

/** The approval form's fields as typed (already through the console's text-input guard). */
export type ReadingFields = Record<'document_number' | 'read_name' | 'read_date_of_birth' | 'expires_on', string>;

export type ReadingProblem = { field: keyof ReadingFields; message: string };
