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
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
