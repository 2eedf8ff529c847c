# label: trace-context
# flax-error: TraceContextError: Cannot mutate BidCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an AuctionService holds a SessionPool of BidSessions; the lax.scan body calls pool.acquire(lot).model(...), whose BidCount Variable subclass is incremented on every call
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
        def body(best, bids):
            prices = self.pool.acquire(lot).model(bids)
            return jnp.maximum(best, prices.max()), prices.mean()

        best, means = lax.scan(body, jnp.zeros(()), rounds)
        return best, means


def main():
    rounds = jax.random.uniform(jax.random.key(0), (5, 7, 4))
    pool = SessionPool(lambda: BidPricer(4, nnx.Rngs(0)), lots=["assam-112", "darjeeling-7"])
    service = AuctionService(pool)
    best, _ = service.hammer_prices("darjeeling-7", rounds)
    jax.block_until_ready((best, pool.acquire("darjeeling-7").model.calls.value))
    return None
