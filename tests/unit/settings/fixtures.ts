import { RequestError } from '../../../src/api/client';
import type { SettingsFormData } from '../../../src/api/settings';

export const formDataFixture: SettingsFormData = {
  first_name: 'Ava Lindqvist',
  email: 'ava@example.com',
  username: 'ava.lindqvist',
  phone_number: '',
  gender: 3,
  biography: 'Light and lakes.',
  external_url: 'https://example.com/ava',
  chaining_enabled: true,
  private_account: false,
  business_account: false,
};

/** A failed call as the server answers it: 400 with {status:'fail', message}. */
export function failWith(
  message: string,
  errors?: Record<string, { message: string }[]>,
): RequestError {
  const parsed = { status: 'fail', message, ...(errors ? { errors } : {}) };
  return new RequestError({
    code: 'http',
    statusCode: 400,
    statusText: 'Bad Request',
    responseText: JSON.stringify(parsed),
    parsed,
  });
}

/** A failure without a JSON message (a proxy's HTML error page). */
export function failWithoutMessage(): RequestError {
  return new RequestError({
    code: 'http',
    statusCode: 502,
    statusText: 'Bad Gateway',
    responseText: '<html>bad gateway</html>',
    parsed: null,
  });
}
