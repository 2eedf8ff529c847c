# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 LangevinSampler holds an nnx.Rngs; its raw fori_loop body calls self.rngs.noise() on the outside Rngs
import jax
import jax.numpy as jnp
from flax import nnx


class Energy(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.lin = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, x):
        return jnp.sum(self.lin(x) ** 2 + 0.5 * x**2)


class LangevinSampler:
    def __init__(self, energy, rngs: nnx.Rngs, n_steps=5, step_size=0.05):
        self.energy = energy
        self.rngs = rngs
        self.n_steps = n_steps
        self.step_size = step_size

    def run(self, x):
        grad_e = jax.grad(lambda x: self.energy(x))

        def body(i, x):
            noise = jax.random.normal(self.rngs.noise(), x.shape)
            return x - self.step_size * grad_e(x) + jnp.sqrt(2 * self.step_size) * noise

        return jax.lax.fori_loop(0, self.n_steps, body, x)


def main():
    energy = Energy(3, rngs=nnx.Rngs(0))
    sampler = LangevinSampler(energy, nnx.Rngs(noise=1))
    sampler.run(jnp.zeros((2, 3)))
    return None
