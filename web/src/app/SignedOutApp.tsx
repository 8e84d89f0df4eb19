import { RouterProvider } from 'react-router';
import { createSignedOutRouter } from '../routes/signedOut';
import { useOwnedRouter } from './useOwnedRouter';

/** The signed-out route tree; its router lives only while the user is signed out. */
export function SignedOutApp() {
  const router = useOwnedRouter(createSignedOutRouter);
  return <RouterProvider router={router} />;
}
