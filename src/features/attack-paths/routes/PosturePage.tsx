/** Placeholder until the page lands. */
export default function PosturePage() {
  return null;
}
