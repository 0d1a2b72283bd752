// Runs examples/foundry-import.js under Node against a stand-in for the few parts of
// Foundry VTT it calls (tests/cli/foundry.rs): the Data folder holds the document at
// taproom/match.json, uploads and created documents are recorded, and what the macro
// made is printed as JSON. Usage: node foundry-harness.js MACRO DOCUMENT GM_IDS
const fs = require("fs");
const [macroPath, docPath, gmIds] = process.argv.slice(2);
const document = fs.readFileSync(docPath, "utf8");
const made = { journal: null, messages: [], uploads: [], notes: [] };
const realFetch = globalThis.fetch;
globalThis.fetch = async (url) => {
  if (url === "taproom/match.json") return new Response(document, { status: 200 });
  if (String(url).startsWith("data:")) return realFetch(url);
  return new Response("", { status: 404 });
};
const Picker = {
  createDirectory: async () => { throw new Error("EEXIST"); },
  upload: async (source, dir, file) => {
    const bytes = Buffer.from(await file.arrayBuffer());
    made.uploads.push({ source, dir, name: file.name, type: file.type,
      magic: bytes.subarray(0, 8).toString("hex") });
    return { status: "success", path: `${dir}/${file.name}` };
  },
};
globalThis.foundry = { applications: { apps: { FilePicker: { implementation: Picker } } } };
globalThis.JournalEntry = {
  create: async (data) => {
    made.journal = JSON.parse(JSON.stringify(data));
    return { name: data.name, sheet: { render() {} } };
  },
};
const gms = gmIds ? gmIds.split(",").map((id) => ({ id })) : [];
globalThis.ChatMessage = {
  create: async (data) => { made.messages.push(JSON.parse(JSON.stringify(data))); },
  getWhisperRecipients: (name) => (name === "GM" ? gms : []),
};
globalThis.ui = { notifications: {
  info: (m) => made.notes.push(m), error: (m) => made.notes.push(m), warn: (m) => made.notes.push(m),
} };
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
new AsyncFunction(fs.readFileSync(macroPath, "utf8"))()
  .then(() => console.log(JSON.stringify(made)))
  .catch((e) => { console.error(e); process.exit(1); });
