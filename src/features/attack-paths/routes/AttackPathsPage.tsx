/** Placeholder until the page lands. */
export default function AttackPathsPage() {
  return null;
}
