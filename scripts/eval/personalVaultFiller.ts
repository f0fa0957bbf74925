import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as nodePath from "node:path";
import { SeededRandom } from "../lib/retrievalBench/seededRandom";

/**
 * Writes the everyday notes of the personal vault (`eval/personal-vault`) around the notes written
 * by hand that answer its questions: daily notes, meetings, people and books with the same names,
 * places and errands, so that the answers stand among look-alikes as in a real vault. Seeded, so
 * a rerun writes the same files; a note that exists (one written by hand) is never overwritten.
 * `npx tsx scripts/eval/personalVaultFiller.ts`
 */
const VAULT = nodePath.join(__dirname, "..", "..", "eval", "personal-vault");
const random = new SeededRandom(20251215);

const PEOPLE = ["Priya", "Marta", "Jonas", "Amir", "Ana", "Tom", "Carla", "Lucía", "Ben", "Rui", "Inês", "Sofia", "Dev", "Hannah", "Kenji"];
const PROJECTS = ["checkout", "pricing page", "invoicing flow", "design system", "mobile app", "onboarding", "search", "analytics dashboard"];
const WEATHER = ["Rain all day.", "Sunny and cold.", "Grey, drizzle in the afternoon.", "Warm, ate lunch outside.", "Windy; the bins blew over.", "Fog until ten.", "Hot. Fan on all night."];
const SLEEP = ["Slept badly, woke at 4.", "Good sleep, 8 hours.", "Lea woke up twice.", "Late night, tired.", "Slept in until 8."];
const MOVES = ["Ran {n} km, easy.", "Intervals: 6 x 800 m.", "Swam {n}00 m.", "Yoga video, 20 min.", "Walked Biscuit around the lake.", "Cycled to work.", "Long run, {n}0 km, legs heavy.", "Rest day."];
const MEALS = ["Dinner: pasta with pesto.", "Made the tomato tart again.", "Takeaway Thai.", "Ana cooked chickpea curry.", "Leftover soup.", "Pancakes with Lea.", "Grilled sardines.", "Tried a new ramen place on Rua Augusta."];
const ERRANDS = [
	"Booked the car in at Garage Moreau for a check.",
	"Dentist reminder: check-up due in the spring.",
	"Picked up the dry cleaning.",
	"Paid the council tax.",
	"Returned the library books.",
	"Ordered a new phone case.",
	"Bought birdseed and a new lead for Biscuit.",
	"Called the electricity company about the meter reading.",
	"Renewed the gym membership.",
	"Posted the birthday card to Porto.",
	"Took the recycling to the dump.",
	"Fixed the dripping bathroom tap, finally.",
	"Watered the plants on the balcony.",
	"Lea's swimming lesson moved to Wednesdays.",
	"Vet reminder for Biscuit's booster.",
	"Changed the smoke alarm battery.",
	"Bought coffee beans from the roaster on the corner.",
];
const WORK = [
	"Worked on the {project}; slow going.",
	"Long call with {person} about the {project}.",
	"Reviewed {person}'s mockups for the {project}.",
	"Wrote the spec for the {project}.",
	"Too many meetings; got nothing done on the {project}.",
	"Paired with {person} on the {project}, good progress.",
	"Demo of the {project} went well.",
	"{person} is out sick; covered the {project} questions.",
];
const MOODS = ["Felt good today.", "Anxious about the deadline.", "Calm, productive.", "Grumpy all morning.", "Grateful for a quiet evening.", "Tired but happy."];
const MEETING_KINDS = ["Weekly sync", "Standup notes", "Planning", "Design critique", "Customer call", "Roadmap check-in", "Team lunch planning", "Offsite prep"];
const BOOKS: ReadonlyArray<[string, string, string]> = [
	["The Design of Everyday Things", "Don Norman", "Affordances and signifiers: a door should tell you whether to push or pull. Errors are the design's fault more often than the user's."],
	["Show Your Work", "Austin Kleon", "Share something small every day; teach what you know; the process is interesting too."],
	["Educated", "Tara Westover", "A memoir; growing up without school in Idaho, then a PhD at Cambridge. Hard to put down."],
	["The Hobbit", "J.R.R. Tolkien", "Reread with Lea at bedtime. She loved the riddles in the dark."],
	["Project Hail Mary", "Andy Weir", "Great fun; Rocky is the best character. Read on the flight home."],
	["Shape Up", "Ryan Singer", "Six-week cycles, appetite instead of estimates, betting table. Try fixed time, variable scope on the next project."],
	["Essentialism", "Greg McKeown", "Less but better. If it isn't a clear yes, it's a no."],
	["The Body Keeps the Score", "Bessel van der Kolk", "Heavy going; stopped halfway, will return."],
	["Braiding Sweetgrass", "Robin Wall Kimmerer", "Gratitude and reciprocity with the land; the chapter on the three sisters garden."],
	["Salt Fat Acid Heat", "Samin Nosrat", "The four elements of cooking. Salt the pasta water like the sea."],
];

function fill(template: string): string {
	return template
		.replace("{person}", random.pick(PEOPLE))
		.replace("{project}", random.pick(PROJECTS))
		.replace("{n}", String(3 + random.below(9)));
}

function write(path: string, text: string): void {
	const file = nodePath.join(VAULT, path);
	if (existsSync(file)) return;
	mkdirSync(nodePath.dirname(file), { recursive: true });
	writeFileSync(file, text);
}

function dailyNote(): string {
	const lines = [random.pick(WEATHER), random.pick(SLEEP), fill(random.pick(MOVES)), fill(random.pick(WORK))];
	if (random.chance(0.6)) lines.push(random.pick(ERRANDS));
	if (random.chance(0.5)) lines.push(random.pick(MEALS));
	if (random.chance(0.4)) lines.push(random.pick(MOODS));
	const todo = random.shuffled(ERRANDS).slice(0, 1 + random.below(3));
	return `## Log\n${random.shuffled(lines).map((line) => `- ${line}`).join("\n")}\n\n## To do\n${todo.map((item) => `- [ ] ${item}`).join("\n")}\n`;
}

function meetingNote(kind: string): string {
	const people = random.shuffled(PEOPLE).slice(0, 2 + random.below(3));
	const points = random.shuffled(WORK).slice(0, 3).map(fill);
	return `---\ntags: [meeting]\nattendees: [${people.join(", ")}]\n---\n## ${kind}\n${points.map((point) => `- ${point}`).join("\n")}\n\n## Actions\n- ${people[0]}: follow up on the ${random.pick(PROJECTS)}.\n`;
}

const day = new Date(Date.UTC(2025, 2, 1));
const last = Date.UTC(2025, 11, 14);
for (; day.getTime() <= last; day.setUTCDate(day.getUTCDate() + 1)) {
	const date = day.toISOString().slice(0, 10);
	if (random.chance(0.7)) write(`Daily/${date}.md`, dailyNote());
	if (day.getUTCDay() === 2 && random.chance(0.8)) {
		const kind = random.pick(MEETING_KINDS);
		write(`Meetings/${date} ${kind}.md`, meetingNote(kind));
	}
}
for (const person of ["Sofia", "Dev", "Hannah", "Kenji", "Carla", "Ana", "Tom", "Priya", "Jonas", "Amir"]) {
	const facts = random.shuffled(["Likes the ramen place on Rua Augusta.", "Has two cats.", "Runs with the club on Saturdays.", "Birthday in autumn.", "Moved here from Lyon.", "Great at spreadsheets.", "Plays the cello.", "Vegetarian."]);
	write(`People/${person}.md`, `---\ntags: [person]\n---\n${facts.slice(0, 3).map((fact) => `- ${fact}`).join("\n")}\n`);
}
for (const [title, author, idea] of BOOKS) write(`Reading/${title}.md`, `---\nauthor: ${author}\ntags: [book]\n---\n${idea}\n`);
