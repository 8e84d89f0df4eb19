import SignedInApp from './SignedInApp';
import { QueryRoot } from '../lib/queryClient';

/**
 * The signed-in app with its query cache (a chunk of its own, with SignedInApp): the cache lives
 * while the person is signed in, and TanStack Query is not loaded before sign-in.
 */
export default function SignedInRoot() {
  return (
    <QueryRoot>
      <SignedInApp />
    </QueryRoot>
  );
}
