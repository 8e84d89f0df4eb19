/** Login validation (docs/accounts.md): account and password are required. */
export interface LoginValues {
  email: string;
  password: string;
}

export interface LoginFormState {
  errors: Partial<Record<keyof LoginValues, 'required'>>;
  valid: boolean;
  /** Submit is disabled when the form is unchanged or invalid. */
  submittable: boolean;
}

export const INITIAL_LOGIN_VALUES: LoginValues = { email: '', password: '' };

export function loginFormState(
  values: LoginValues,
  initial: LoginValues = INITIAL_LOGIN_VALUES,
): LoginFormState {
  const errors: LoginFormState['errors'] = {};
  if (values.email.trim() === '') errors.email = 'required';
  if (values.password === '') errors.password = 'required';
  const valid = Object.keys(errors).length === 0;
  const changed = values.email !== initial.email || values.password !== initial.password;
  return { errors, valid, submittable: valid && changed };
}
