/** Decorative hero art (no external images): a night glow, a shield outline and a skyline. */
export function HeroArt() {
  // Clipped here rather than on the hero section: a clipping section would scroll its own content
  // under the transparent top bar when the date picker's popover reaches past its bottom.
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true">
      <svg
        className="pointer-events-none absolute inset-0 h-full w-full"
        viewBox="0 0 1440 900"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <radialGradient id="hero-glow" cx="72%" cy="38%" r="60%">
            <stop offset="0" stopColor="#c9a55c" stopOpacity="0.28" />
            <stop offset="0.45" stopColor="#7a5d1e" stopOpacity="0.1" />
            <stop offset="1" stopColor="#0b0b0c" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="1440" height="900" fill="#0b0b0c" />
        <rect width="1440" height="900" fill="url(#hero-glow)" />
        <g stroke="#c9a55c" strokeOpacity="0.08" strokeWidth="1">
          <path d="M0 180h1440M0 360h1440M0 540h1440M240 0v900M480 0v900M720 0v900M960 0v900M1200 0v900" />
        </g>
        <path
          d="M1030 150 1190 206v150c0 110-70 190-160 228-90-38-160-118-160-228V206z"
          fill="none"
          stroke="#c9a55c"
          strokeOpacity="0.35"
          strokeWidth="2"
        />
        <path
          d="M1030 190 1155 234v122c0 88-54 152-125 184-71-32-125-96-125-184V234z"
          fill="none"
          stroke="#c9a55c"
          strokeOpacity="0.18"
          strokeWidth="1"
        />
      </svg>
      {/* The skyline keeps its proportions at the foot of the hero, whatever the hero's height. */}
      <svg
        className="pointer-events-none absolute inset-x-0 bottom-0 h-24 w-full sm:h-36"
        viewBox="0 520 1440 240"
        preserveAspectRatio="xMidYMax slice"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id="hero-horizon" x1="0" x2="1" y1="0" y2="0">
            <stop offset="0" stopColor="#c9a55c" stopOpacity="0" />
            <stop offset="0.5" stopColor="#e0c07a" stopOpacity="0.75" />
            <stop offset="1" stopColor="#c9a55c" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path
          d="M0 760h60v-70h40v-40h30v40h50v-120h26v-28h18v28h26v120h40v-60h60v-90h20v-22h16v22h20v90h34v60h50v-150h70v150h40v-80h36v-36h28v36h36v80h60v-110h24v-40h12v40h24v110h56v-60h70v60h40v-140h20v-30h10v30h20v140h60v-50h60v50h50v-90h40v-50h30v50h40v90h70v-70h50v70h60v-40h40v40h54v160H0z"
          fill="#16161a"
        />
        <rect x="0" y="758" width="1440" height="2" fill="url(#hero-horizon)" />
        <g fill="#e0c07a" fillOpacity="0.55">
          <rect x="212" y="600" width="4" height="6" />
          <rect x="228" y="620" width="4" height="6" />
          <rect x="410" y="640" width="4" height="6" />
          <rect x="592" y="620" width="4" height="6" />
          <rect x="760" y="612" width="4" height="6" />
          <rect x="1021" y="640" width="4" height="6" />
          <rect x="1160" y="670" width="4" height="6" />
        </g>
      </svg>
    </div>
  );
}
