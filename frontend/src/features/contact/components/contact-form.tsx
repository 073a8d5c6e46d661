import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/toast/use-toast';
import { useSendContactMessageMutation } from '@/features/contact/api/send-contact-message';

type Fields = { name: string; email: string; message: string };
const empty: Fields = { name: '', email: '', message: '' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(fields: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!fields.name.trim()) errors.name = 'Name is required';
  if (!fields.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_RE.test(fields.email.trim())) errors.email = 'Enter a valid email address';
  if (!fields.message.trim()) errors.message = 'Message is required';
  return errors;
}

/** Name, email, message → POST /api/contact; toast and reset on success (SPEC §8). */
export function ContactForm() {
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [send, { isLoading }] = useSendContactMessageMutation();
  const { toast } = useToast();

  const update = (key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setFields((f) => ({ ...f, [key]: event.target.value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0];
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    try {
      await send({ name: fields.name.trim(), email: fields.email.trim(), message: fields.message.trim() }).unwrap();
      toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
      setFields(empty);
    } catch {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Contact form" sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        id="contact-name"
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={fields.name}
        onChange={update('name')}
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TextField
        id="contact-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={fields.email}
        onChange={update('email')}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <TextField
        id="contact-message"
        label="Message"
        name="message"
        required
        multiline
        minRows={5}
        value={fields.message}
        onChange={update('message')}
        error={Boolean(errors.message)}
        helperText={errors.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        {isLoading ? 'Sending...' : 'Send Message'}
      </Button>
    </Box>
  );
}
