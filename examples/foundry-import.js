// taproom → Foundry VTT: imports a document written by `taproom ... --format foundry`.
// A script macro for the GM (see README, "Foundry VTT"). It reads the document from
// Foundry's Data folder, uploads each board picture beside it, creates the journal
// entry, and posts the chat messages: the GM's own lines whispered to the GM users only.

// Where the document is, in the Data folder (upload it there with the File Browser).
const FILE = "taproom/match.json";

const Picker = foundry.applications?.apps?.FilePicker?.implementation ?? FilePicker;

const answer = await fetch(FILE, { cache: "no-store" });
if (!answer.ok) {
  ui.notifications.error(`taproom: there is no ${FILE} in the Data folder (${answer.status}).`);
  return;
}
const doc = await answer.json();

// Each image page carries its PNG in flags.taproom.png: it goes to the page's src.
for (const page of doc.journal.pages) {
  const png = page.flags?.taproom?.png;
  if (!png) continue;
  const name = page.src.slice(page.src.lastIndexOf("/") + 1);
  const dir = page.src.slice(0, page.src.lastIndexOf("/"));
  const blob = await (await fetch(png)).blob();
  const file = new File([blob], name, { type: "image/png" });
  await Picker.createDirectory("data", dir).catch(() => {}); // already there
  const uploaded = await Picker.upload("data", dir, file, {}, { notify: false });
  page.src = uploaded?.path ?? page.src;
  delete page.flags.taproom.png;
}
const journal = await JournalEntry.create(doc.journal);

// The GM's lines carry the placeholder "GM" in whisper: the GM users' ids go there.
const gms = ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
let posted = 0;
for (const message of doc.messages) {
  if (message.whisper.includes("GM")) {
    if (gms.length === 0) continue; // nobody to whisper to: never shown to all
    message.whisper = gms;
  }
  await ChatMessage.create(message);
  posted += 1;
}
ui.notifications.info(`taproom: journal "${journal.name}" and ${posted} chat messages.`);
journal.sheet.render(true);
