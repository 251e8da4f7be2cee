//! Navigation domain: subject portals, collection trees, topic pages.
