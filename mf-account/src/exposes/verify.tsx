import { CodeForm } from '../features/auth/components/code-form';

export default function Verify() {
  return <CodeForm />;
}
