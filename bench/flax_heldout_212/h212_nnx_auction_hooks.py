# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an AuctionHouse holds a HookedRunner whose model and hook list are attributes; the scan body runs each hook, and a TraceHook writes the price into the model's trace dict
"""Livestock auction pricing: for each lot, the runner prices every incoming bid signal with
the pricing model and calls the registered hooks; the auction house reads the last price the
tracing hook recorded to set the next lot's reserve."""
import jax
import jax.numpy as jnp
from flax import nnx


class BidPricer(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 10, rngs=rngs)
        self.price = nnx.Linear(10, 1, rngs=rngs)
        self.trace = {}

    def __call__(self, bids):
        return nnx.softplus(self.price(nnx.relu(self.hidden(bids))))[..., 0]


class TraceHook:
    def __init__(self, key: str):
        self.key = key

    def __call__(self, model, price):
        model.trace[self.key] = price


class CountHook:
    def __init__(self):
        self.calls = 0

    def __call__(self, model, price):
        self.calls += 1


class HookedRunner:
    def __init__(self, model: BidPricer, hooks):
        self.model = model
        self.hooks = list(hooks)

    def run_lot(self, bid_rounds):
        def bid_round(best, bids):
            price = self.model(bids)
            for hook in self.hooks:
                hook(self.model, price)
            return jnp.maximum(best, price.max()), None

        best, _ = jax.lax.scan(bid_round, jnp.zeros(()), bid_rounds)
        return best


class AuctionHouse:
    def __init__(self, runner: HookedRunner):
        self.runner = runner

    def next_reserve(self, bid_rounds):
        self.runner.run_lot(bid_rounds)
        return 0.9 * self.runner.model.trace["last_price"].mean()


def main():
    bid_rounds = jax.random.uniform(jax.random.key(0), (6, 4, 3))
    runner = HookedRunner(BidPricer(3, nnx.Rngs(0)), [CountHook(), TraceHook("last_price")])
    AuctionHouse(runner).next_reserve(bid_rounds)
    return None
