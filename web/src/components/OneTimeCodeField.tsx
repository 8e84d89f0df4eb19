import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';

/**
 * The 6-digit authenticator code field of two-step sign-in (the sign-in step and the profile's
 * set-up): numeric keyboard, the browser's one-time-code autofill, required.
 */
export function OneTimeCodeField(props: {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The message under the field when what was typed is not a code. */
  errorText?: string;
}) {
  return (
    <FormField label={props.label} description={props.description} errorText={props.errorText}>
      <Input
        value={props.value}
        onChange={({ detail }) => props.onChange(detail.value)}
        onBlur={props.onBlur}
        inputMode="numeric"
        autoComplete="one-time-code"
        ariaRequired
        invalid={props.errorText !== undefined}
      />
    </FormField>
  );
}
