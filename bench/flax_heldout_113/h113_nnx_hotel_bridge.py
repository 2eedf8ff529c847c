# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 PricingService -> PricingAdapter -> nnx.bridge.ToNNX-wrapped Linen rate model, called in the scan body
"""Hotel revenue management: the legacy Linen rate model is wrapped with nnx.bridge so the new
NNX pricing service can quote a rate for every night of a stay."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx


class LegacyRateModel(nn.Module):
    """The Linen model the revenue team trained two seasons ago."""

    @nn.compact
    def __call__(self, night):
        h = nn.relu(nn.Dense(32)(night))
        h = nn.LayerNorm()(h)
        return 80.0 + 60.0 * nn.sigmoid(nn.Dense(1)(h))[0]


class PricingAdapter:
    def __init__(self, example, seed=0):
        self.core = nnx.bridge.ToNNX(LegacyRateModel(), rngs=nnx.Rngs(seed))
        nnx.bridge.lazy_init(self.core, example)

    def rate(self, night):
        return self.core(night)


class PricingService:
    def __init__(self, adapter, floor=75.0):
        self.adapter = adapter
        self.floor = floor

    def quote_stay(self, nights):
        def night_step(total, night):
            rate = jnp.maximum(self.floor, self.adapter.rate(night))
            return total + rate, rate

        total, rates = jax.lax.scan(night_step, jnp.zeros(()), nights)
        return total, rates


def main():
    nights = jax.random.uniform(jax.random.key(0), (7, 9))  # occupancy, events, lead time, ...
    service = PricingService(PricingAdapter(nights[0]))
    total, rates = service.quote_stay(nights)
    print("stay total:", float(total))
    return None
