/** The portal's logo mark (decorative next to the product name). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return <img src="/logo.svg" width={size} height={size} alt="" />;
}
