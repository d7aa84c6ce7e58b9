export default function TransactionsPage() {
  return <h1>TransactionsPage</h1>;
}
