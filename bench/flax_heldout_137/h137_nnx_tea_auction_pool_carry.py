# label: ok
# flax-error: none
# class: 4 an AuctionService holds a SessionPool of BidSessions; nnx.split of pool.acquire(lot).model goes through the lax.scan carry, is merged in the body (bumping its BidCount Variable subclass) and nnx.update'd back after the loop
"""Tea auction house: price each lot's bids with the pricing model of a pooled session."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class BidCount(nnx.Variable):
    """How many bid batches the pricer has seen since it was loaded."""


class BidPricer(nnx.Module):
    def __init__(self, grades, rngs: nnx.Rngs):
        self.grade_embed = nnx.Linear(grades, 12, rngs=rngs)
        self.price = nnx.Linear(12, 1, rngs=rngs)
        self.calls = BidCount(jnp.zeros((), jnp.int32))

    def __call__(self, bids):
        self.calls.value += 1
        return jax.nn.softplus(self.price(nnx.silu(self.grade_embed(bids))))[..., 0]


class BidSession:
    def __init__(self, lot, model):
        self.lot = lot
        self.model = model


class SessionPool:
    def __init__(self, factory, lots):
        self._sessions = {lot: BidSession(lot, factory()) for lot in lots}

    def acquire(self, lot):
        return self._sessions[lot]


class AuctionService:
    def __init__(self, pool):
        self.pool = pool

    def hammer_prices(self, lot, rounds):
        graphdef, state = nnx.split(self.pool.acquire(lot).model)

        def body(carry, bids):
            best, state = carry
            model = nnx.merge(graphdef, state)
            prices = model(bids)
            return (jnp.maximum(best, prices.max()), nnx.state(model)), prices.mean()

        (best, state), means = lax.scan(body, (jnp.zeros(()), state), rounds)
        nnx.update(self.pool.acquire(lot).model, state)
        return best, means


def main():
    rounds = jax.random.uniform(jax.random.key(0), (5, 7, 4))
    pool = SessionPool(lambda: BidPricer(4, nnx.Rngs(0)), lots=["assam-112", "darjeeling-7"])
    service = AuctionService(pool)
    best, _ = service.hammer_prices("darjeeling-7", rounds)
    jax.block_until_ready((best, pool.acquire("darjeeling-7").model.calls.value))
    return None
