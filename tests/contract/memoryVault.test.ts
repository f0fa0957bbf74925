import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { describeVaultContract } from "./noteStore.contract";

describeVaultContract("The in-memory vault", (files) => {
	const vault = new MemoryVault({ files });
	return { store: vault, metadata: vault };
});
