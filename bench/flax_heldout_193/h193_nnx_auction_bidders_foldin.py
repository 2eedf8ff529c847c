# label: ok
# flax-error: none
# class: 4 AuctionSimulator.agents[i] owns an nnx bidder module and an exploration key drawn once from its nnx.Rngs stream; the fori_loop body calls agent.bid with the round, which is folded into that key
"""Ad-auction simulator: every bidding agent owns a small NNX bid model and explores by dropping
units of its hidden layer at random; the same lot is auctioned for several rounds so the
simulator can measure how much the agents' bids vary."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class BidModel(nnx.Module):
    def __init__(self, lot_dim: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(lot_dim, 16, rngs=rngs)
        self.explore = nnx.Dropout(0.3)
        self.price = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, lot, *, rngs):
        h = nnx.relu(self.hidden(lot))
        return nnx.softplus(self.price(self.explore(h, rngs=rngs)))[0]


class BiddingAgent:
    def __init__(self, agent_id: int, lot_dim: int, budget: float):
        rngs = nnx.Rngs(params=agent_id, explore=1000 + agent_id)
        self.model = BidModel(lot_dim, rngs=rngs)
        self.explore_key = rngs.explore()
        self.budget = budget

    def bid(self, lot, round_index):
        return self.model(lot, rngs=jax.random.fold_in(self.explore_key, round_index))


class AuctionSimulator:
    def __init__(self, agents):
        self.agents = agents

    def run(self, lot, num_rounds: int):
        def auction_round(r, carry):
            spend, bid_log = carry
            bids = jnp.stack([agent.bid(lot, r) for agent in self.agents])
            winner = jnp.argmax(bids)
            second_price = jnp.sort(bids)[-2]
            spend = spend.at[winner].add(second_price)
            return spend, bid_log.at[r].set(bids)

        init = (jnp.zeros(len(self.agents)), jnp.zeros((num_rounds, len(self.agents))))
        spend, bid_log = lax.fori_loop(0, num_rounds, auction_round, init)
        return spend, bid_log


def main():
    lot = jax.random.uniform(jax.random.key(5), (8,))
    agents = [BiddingAgent(i, 8, budget=100.0) for i in range(4)]
    spend, bid_log = AuctionSimulator(agents).run(lot, num_rounds=6)
    print("spend per agent:", spend)
    return bid_log
