# label: ok
# flax-error: none
# class: 4 a BiddingService pool session's nnx.split state goes through the while_loop carry; the body nnx.merges it and the final carry is written back with nnx.update(session.model, state), read by report()
"""Real-time ad bidding: a pool of bidder sessions spends campaign budgets auction by auction."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class BudgetSpent(nnx.Variable):
    pass


class Bidder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.value_head = nnx.Linear(5, 1, rngs=rngs)
        self.spent = BudgetSpent(jnp.zeros(()))

    def bid(self, auction):
        price = nnx.softplus(self.value_head(auction))[0]
        self.spent[...] = self.spent[...] + price
        return price


@dataclass
class BidderSession:
    model: Bidder
    live_model: Bidder | None = None


class BiddingService:
    def __init__(self, sessions):
        self.sessions = sessions

    def run_campaign(self, auctions, budget):
        session = self.sessions[0]
        graphdef, state = nnx.split(session.model)

        def cond(carry):
            i, state = carry
            return jnp.logical_and(i < auctions.shape[0], state["spent"][...] < budget)

        def body(carry):
            i, state = carry
            bidder = nnx.merge(graphdef, state)
            bidder.bid(auctions[i])
            return i + 1, nnx.state(bidder)

        i, state = while_loop(cond, body, (0, state))
        nnx.update(session.model, state)
        session.live_model = session.model
        return i

    def report(self):
        return {"spent": jnp.round(self.sessions[0].live_model.spent[...], 2)}


def main():
    service = BiddingService([BidderSession(Bidder(nnx.Rngs(r))) for r in range(2)])
    auctions = jax.random.normal(jax.random.key(5), (12, 5))
    service.run_campaign(auctions, budget=4.0)
    jax.block_until_ready(service.report())
    return None
