export default function TransactionPage() {
  return <h1>TransactionPage</h1>;
}
