import { useT } from '../../../lib/i18n';
import { problemMessage } from '../problems';

/** A field's message under it, named by the field's aria-describedby. */
export function FieldErrorText({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="field__error">
      {text}
    </p>
  );
}

/** A form's problem (English text from the contract or the form, ../problems.ts) in the screen's language. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const t = useT();
  const problem = message ? problemMessage(message) : null;
  return <FieldErrorText id={id} text={problem ? t(problem.id, problem.values) : undefined} />;
}
