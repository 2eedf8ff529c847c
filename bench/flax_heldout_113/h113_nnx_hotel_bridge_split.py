# label: ok
# flax-error: none
# class: 4 PricingService -> PricingAdapter -> nnx.bridge.ToNNX-wrapped Linen rate model, nnx.split before the scan, merged in the body with its state carried
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

    def split(self):
        return nnx.split(self.core)

    def rate(self, graphdef, state, night):
        core = nnx.merge(graphdef, state)
        return core(night), nnx.state(core)


class PricingService:
    def __init__(self, adapter, floor=75.0):
        self.adapter = adapter
        self.floor = floor

    def quote_stay(self, nights):
        graphdef, state = self.adapter.split()

        def night_step(carry, night):
            total, state = carry
            rate, state = self.adapter.rate(graphdef, state, night)
            rate = jnp.maximum(self.floor, rate)
            return (total + rate, state), rate

        (total, state), rates = jax.lax.scan(night_step, (jnp.zeros(()), state), nights)
        nnx.update(self.adapter.core, state)
        return total, rates


def main():
    nights = jax.random.uniform(jax.random.key(0), (7, 9))  # occupancy, events, lead time, ...
    service = PricingService(PricingAdapter(nights[0]))
    total, rates = service.quote_stay(nights)
    print("stay total:", float(total))
    return None
