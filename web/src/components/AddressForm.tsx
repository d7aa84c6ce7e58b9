// A form for one AXM account address (axm1…), as the faucet and the sign-in by transfer ask for it: checked when sent,
// an invalid one marked and explained under the field, the canonical address handed on; nothing is sent while busy.
import { useId, useState, type FormEvent, type Ref } from "react";
import { typedAccountAddress } from "./account-address.ts";
import styles from "./AddressForm.module.css";

interface AddressFormProps {
  label: string;
  invalidText: string;
  /** The button's text, which says when a request is under way. */
  buttonText: string;
  buttonClassName: string;
  busy: boolean;
  enterKeyHint: "go" | "send";
  inputRef?: Ref<HTMLInputElement>;
  /** Called with a valid address only, in canonical lower case. */
  onAddress: (address: string) => void;
}

export function AddressForm({ label, invalidText, buttonText, buttonClassName, busy, enterKeyHint, inputRef, onAddress }: AddressFormProps) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = typedAccountAddress(value);
    setInvalid(address === null);
    if (address !== null) onAddress(address);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(false);
        }}
        placeholder="axm1…"
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint={enterKeyHint}
      />
      {invalid ? (
        <p id={errorId} className={styles.error} role="alert">
          {invalidText}
        </p>
      ) : null}
      <button type="submit" className={`${styles.submit} ${buttonClassName}`}>
        {buttonText}
      </button>
    </form>
  );
}
