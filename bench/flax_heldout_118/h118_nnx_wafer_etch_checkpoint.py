# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the EtchSimulator wraps a closure over self.model in jax.checkpoint and the scan body calls the wrapper; the model is still in training mode, so its BatchNorm writes its statistics
"""Semiconductor plasma etch: the process engineer simulates the trench depth recipe step
by recipe step; the per-step etch-rate call is rematerialised because the production
recipes have hundreds of steps."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EtchRateNet(nnx.Module):
    def __init__(self, n_params: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_params, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, recipe):
        return nnx.softplus(self.out(nnx.silu(self.norm(self.enc(recipe)))))[..., 0]  # nm per second


class EtchSimulator:
    def __init__(self, model):
        self.model = model
        self._rate = jax.checkpoint(lambda recipe: self.model(recipe))

    def run(self, recipe_steps, seconds_per_step=2.0):
        def step(depth, recipe):
            depth = depth + seconds_per_step * self._rate(recipe)
            return depth, depth

        final, profile = jax.lax.scan(step, jnp.zeros(recipe_steps.shape[1]), recipe_steps)
        return final, profile


def main():
    recipe = jax.random.uniform(jax.random.key(5), (12, 6, 4))  # steps x wafer sites x (power, pressure, CF4, O2)
    simulator = EtchSimulator(EtchRateNet(4, nnx.Rngs(0)))
    simulator.run(recipe)
    return None
