// `npm run devnet`: the devnet simulator alone, serving CometBFT RPC and producing a block every DEVNET_BLOCK_TIME_MS.
import { createDevnet } from "../devnet/index.ts";
import { loadConfig } from "./config.ts";
import { fail } from "./fail.ts";
import { onShutdown } from "./services.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  // Pre-built blocks are reported as progress, not line by line (there may be tens of thousands).
  let live = false;
  const devnet = createDevnet({
    seed: config.devnetSeed,
    blockTimeMs: config.devnetBlockTimeMs,
    txsPerBlock: config.devnetTxsPerBlock,
    onBlock: (b) => {
      if (live) console.log(`block ${b.height} ${b.time} txs=${b.txs} failed=${b.failed} proposer=${b.proposer}`);
    },
  });

  if (config.devnetPrebuild > 0) {
    const started = Date.now();
    await devnet.prebuild(config.devnetPrebuild, (done, total) => {
      if (done % 1000 === 0 || done === total) console.log(`prebuilt ${done}/${total} blocks`);
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(`prebuilt ${config.devnetPrebuild} blocks in ${seconds.toFixed(1)} s (${(config.devnetPrebuild / seconds).toFixed(0)} blocks/s)`);
  }
  const port = await devnet.listen(config.devnetPort);
  live = true;
  devnet.start();
  console.log(`devnet ${devnet.genesis.chainId}: RPC on http://127.0.0.1:${port}, a block every ${config.devnetBlockTimeMs} ms`);
  console.log(`faucet ${devnet.genesis.faucetAddress}, referral root ${devnet.genesis.referralRoot}`);

  onShutdown(async () => {
    devnet.stop();
    await devnet.close();
  });
}

main().catch((error) => fail("devnet", error));
