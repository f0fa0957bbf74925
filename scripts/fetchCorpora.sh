#!/usr/bin/env bash
# Fetches the two public vaults that `npm run eval` and `npm run bench` read, at the commits their
# figures were measured on, into CORPORA_DIR (by default `shared/corpora` beside this clone, where
# the evaluation looks for them). Needs git and a network; nothing else in the repository does.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target=${CORPORA_DIR:-$(dirname "${root}")/shared/corpora}

# Obsidian's help vault: the same pages in English, Chinese and Japanese.
HELP_URL=https://github.com/obsidianmd/obsidian-help.git
HELP_COMMIT=fa179e9
HELP_LANGUAGES=(en zh ja)
# The Obsidian Hub community vault: thousands of notes written by many people.
HUB_URL=https://github.com/obsidian-community/obsidian-hub.git
HUB_COMMIT=dae4bcf

for vault in obsidian-help obsidian-hub; do
	if [ -e "${target}/${vault}" ]; then
		echo "${target}/${vault} exists already; remove it to fetch it again" >&2
		exit 1
	fi
done

staging=$(mktemp -d)
trap 'rm -rf "${staging}"' EXIT

# The whole history without file contents, so that a short commit id resolves; only the pinned
# commit's files are then downloaded.
checkout() {
	local url=$1 commit=$2 into=$3
	echo "fetching ${url} at ${commit}"
	git clone --quiet --filter=blob:none --no-checkout "${url}" "${into}"
	git -C "${into}" checkout --quiet "${commit}"
	rm -rf "${into}/.git"
}

checkout "${HELP_URL}" "${HELP_COMMIT}" "${staging}/help"
mkdir -p "${staging}/obsidian-help"
for lang in "${HELP_LANGUAGES[@]}"; do
	mv "${staging}/help/${lang}" "${staging}/obsidian-help/${lang}"
done

checkout "${HUB_URL}" "${HUB_COMMIT}" "${staging}/obsidian-hub"
# Only markdown is read; large attachments are dropped, as in the copy the figures came from.
find "${staging}/obsidian-hub" -type f ! -name '*.md' -size +40k -delete

mkdir -p "${target}"
mv "${staging}/obsidian-help" "${staging}/obsidian-hub" "${target}/"
echo "the corpora are in ${target}"
