# label: ok
# flax-error: none
# class: 5 a jax.checkpoint of adapter.apply runs in the scan body with the adapter's variables carried through the scan; the updated state is stored back on the adapter after the loop
"""Lighthouse network: estimates lamp visibility per sweep with an NNX model behind a Linen-style adapter."""
import jax
import jax.numpy as jnp
from flax import nnx


class VisibilityModel(nnx.Module):
    def __init__(self, n_sensors: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_sensors, 10, rngs=rngs)
        self.norm = nnx.BatchNorm(10, momentum=0.95, rngs=rngs)
        self.head = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.head(nnx.tanh(self.norm(self.proj(readings))))).squeeze(-1)


class NNXApplyAdapter:
    """Gives an NNX module the Linen calling convention: apply(variables, x) -> (y, variables)."""

    def __init__(self, module: nnx.Module):
        self.graphdef, self.variables = nnx.split(module)

    def apply(self, variables, x):
        module = nnx.merge(self.graphdef, variables)
        y = module(x)
        return y, nnx.state(module)


class BeamScheduler:
    def __init__(self, adapter: NNXApplyAdapter, threshold: float = 0.4):
        self.adapter = adapter
        self.threshold = threshold

    def run_night(self, sweeps):
        step = jax.checkpoint(self.adapter.apply)

        def body(carry, readings):
            boost_count, variables = carry
            visibility, variables = step(variables, readings)
            boost = visibility.mean() < self.threshold
            return (boost_count + boost.astype(jnp.int32), variables), visibility

        init = (jnp.zeros((), jnp.int32), self.adapter.variables)
        (boosts, self.adapter.variables), visibility = jax.lax.scan(body, init, sweeps)
        return boosts, visibility


def main():
    sweeps = jax.random.normal(jax.random.key(0), (16, 6, 4))  # sweeps x stations x sensors
    adapter = NNXApplyAdapter(VisibilityModel(4, rngs=nnx.Rngs(0)))
    boosts, visibility = BeamScheduler(adapter).run_night(sweeps)
    print("boosted sweeps", int(boosts))
    return None
