/**
 * A title's backdrop where it is the screen's largest paint (the home hero, the title page):
 * fetched first and its 16:9 box reserved, so it neither waits behind other images nor
 * shifts the layout when it arrives. Decorative: the title's name is the heading beside it.
 */
export function BackdropImage({ src, className }: { src: string; className?: string }) {
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={1280}
      height={720}
      fetchPriority="high"
      decoding="async"
    />
  );
}
