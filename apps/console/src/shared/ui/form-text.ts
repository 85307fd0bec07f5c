/** A text field's value from a submitted form; '' when it is missing (or, never here, a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
