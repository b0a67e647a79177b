// The local dev chain only: `hardhat node` (offline). Solidity is compiled by scripts/compile.mjs with solc-js, never by Hardhat.
module.exports = {
  networks: {
    hardhat: { chainId: 31337, mining: { auto: true }, initialBaseFeePerGas: 1000000000 },
  },
};
