"""The build: orchestration above the formats. It verifies games, assembles each book once
(:mod:`ppprint.document`), prints it in the formats asked for (:mod:`ppprint.build.formats`),
keeps the build cache, runs the live preview, and ends books with Designer's notes from
simulated play. Nothing below it imports it."""
