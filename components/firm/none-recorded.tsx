/**
 * The register's way of saying a firm has none of something is often "not found" (disciplinary
 * history, permissions of an appointed representative, passports…): said plainly as "none
 * recorded" for the firm in question.
 */
export function NoneRecorded({ noun, firmName }: { noun: string; firmName: string }) {
  return (
    <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm" data-testid="none-recorded">
      <p className="font-semibold">
        None recorded: the register lists no {noun} for {firmName}.
      </p>
    </div>
  );
}
