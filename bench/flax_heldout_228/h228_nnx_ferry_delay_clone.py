# label: same-values
# flax-error: none
# class: 3 DelaySampler.draw copies self.model with nnx.clone inside the scan body (to keep the original untouched) and samples dropout from the copy
"""Ferry crossing delays: draws Monte Carlo dropout samples of the delay forecast for one
sailing so the timetable service can publish a delay range."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class CrossingDelay(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 24, rngs=rngs)
        self.dropout = nnx.Dropout(0.25, rngs=rngs)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, sailing):
        return self.head(self.dropout(nnx.tanh(self.hidden(sailing))))[..., 0]


class DelaySampler:
    def __init__(self, model, samples):
        self.model = model
        self.samples = samples

    def draw(self, sailing):
        def one(carry, _):
            replica = nnx.clone(self.model)
            return carry, replica(sailing)

        _, delays = jax.lax.scan(one, jnp.int32(0), None, length=self.samples)
        return delays


class TimetableService:
    def __init__(self, sampler):
        self.sampler = sampler

    def delay_band(self, sailing):
        delays = self.sampler.draw(sailing)
        return delays


def main():
    model = CrossingDelay(rngs=nnx.Rngs(params=0, dropout=3))
    sailing = jnp.array([[1.2, 0.4, -0.3, 2.0]])  # wind, swell, tide, load
    return TimetableService(DelaySampler(model, samples=5)).delay_band(sailing)
