/** A register flag in words: the meaning never rests on a symbol or a colour. */
export function FlagText({ value }: { value: boolean | undefined }) {
  if (value === undefined) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">not recorded</span>
      </>
    );
  }
  return <>{value ? 'Yes' : 'No'}</>;
}
