import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useNavigate } from 'react-router';

/** A Cloudscape Link that navigates client-side (modifier-clicks still open a new tab). */
export function RouterLink({ href, ...props }: LinkProps & { href: string }) {
  const navigate = useNavigate();
  return (
    <Link
      {...props}
      href={href}
      onFollow={(event) => {
        event.preventDefault();
        void navigate(href);
      }}
    />
  );
}
