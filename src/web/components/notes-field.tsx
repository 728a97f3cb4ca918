import { useId } from "react";
import { Card } from "./ui/card";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

interface NotesFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  rows?: number;
}

/** A form's free-text notes in a card of their own: the defects notes, the breakdown reason. */
export function NotesField({ label, value, onValueChange, placeholder, rows }: NotesFieldProps) {
  const id = useId();
  return (
    <Card>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        placeholder={placeholder}
        maxLength={5000}
        rows={rows}
      />
    </Card>
  );
}
