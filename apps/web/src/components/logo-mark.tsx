/** Ritim's mark: a pulse line on a rounded tile (decorative; the name is always written beside it). */
export function LogoMark({ tileClass, iconClass }: { tileClass: string; iconClass: string }) {
  return (
    <span aria-hidden="true" className={`flex items-center justify-center ${tileClass}`}>
      <svg viewBox="0 0 32 32" className={iconClass} fill="none">
        <path
          d="M5 18h4l3-8 4 12 3-7h4"
          stroke="white"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
