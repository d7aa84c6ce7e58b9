export default function BlockPage() {
  return <h1>BlockPage</h1>;
}
