// The flags Node runs the server with, wherever it is started: `npm start` (scripts/start.mjs), the
// systemd unit (deploy/systemd/kickoff@.service, which repeats them), the end-to-end suite's app and
// the bench's (docs/server-rendering.md, "Garbage collection").
//
// A page rendered on the server allocates about half a megabyte (Preact's string render, the answers,
// the 25 KB written out), twenty times a JSON answer. V8's young generation is collected by copying
// what is still alive, and under load that is mostly the pages in flight, about as much at each
// collection however large the space. With the default 16 MB semi-space a collection came every dozen
// pages and cost 0.27-0.30 ms of CPU a page; with 64 MB, 0.05-0.06 ms (CPU profiles of 4,000 event
// pages, 4 in flight). 32 MB gave 0.24-0.31 ms. The space is committed as it is used: an idle server
// keeps its small young generation, a busy one up to 128 MB more (65-95 MB more at the peak measured;
// docs/decisions/053-young-generation-for-rendered-pages.md).
//
// V8 also "pretenures": an allocation site whose objects mostly survived a collection allocates its
// later objects in the old generation, and keeps doing so. After the server has answered other routes
// (300 game lists, or 6,000 JSON answers for a game), sites that a page's render goes through stayed
// pretenured: each young collection then kept 6.5 MB alive instead of 0.5 (dead old objects holding
// young ones), took 30 ms instead of 3, and a page cost 1.6-2.1 ms of CPU instead of 0.9-1.2, on
// PGlite and on PostgreSQL alike, with 150-190 MB more resident at the peak. Without pretenuring every
// object starts young and is copied once more if it lives long, which the server's few long-lived
// ones afford (docs/decisions/054-no-allocation-site-pretenuring.md).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64", "--no-allocation-site-pretenuring"];
