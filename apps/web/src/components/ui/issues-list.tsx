/** A titled list of what needs the person's eye (unknown codes, unreadable lines, rules broken); nothing when empty. */
export function IssuesList({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
