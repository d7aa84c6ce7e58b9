export default function HomePage() {
  return <h1>HomePage</h1>;
}
