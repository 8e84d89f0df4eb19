import { plainStyles as styles } from '../components/plain/controls';

/** A whole-app message (maintenance, configuration failure), in a main landmark (plain markup). */
export function StatusPage({ title, body }: { title: string; body: string }) {
  return (
    <main className={styles.status}>
      <h1 className={styles.title}>{title}</h1>
      <p>{body}</p>
    </main>
  );
}
