/** Placeholder until the page lands. */
export default function FindingsTablePage() {
  return null;
}
