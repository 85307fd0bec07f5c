/** One choice of a fixed list, in the owner's words. */
export interface Choice<TValue extends string> {
  value: TValue;
  label: string;
}

/** A labelled select over a fixed list, read by the form through `name` when it is submitted. */
export function ChoiceField<TValue extends string>({
  label,
  name,
  choices,
  defaultValue,
}: {
  label: string;
  name: string;
  choices: readonly Choice<TValue>[];
  defaultValue: TValue;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={defaultValue}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
