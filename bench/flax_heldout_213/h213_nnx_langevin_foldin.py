# label: ok
# flax-error: none
# class: 3 the sampler object's self.key, drawn once from nnx.Rngs, is folded with the step in the fori_loop body
"""Energy-based model (NNX) sampled with Langevin dynamics in a raw jax.lax.fori_loop.

Twin of h213_nnx_langevin: the key drawn once from the Rngs is folded with the step index,
so each Langevin step has its own noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EnergyNet(nnx.Module):
    def __init__(self, dim, hidden, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.swish(self.l2(nnx.swish(self.l1(x))))
        return self.out(h)[..., 0]


class LangevinSampler:
    def __init__(self, energy, rngs: nnx.Rngs, steps=15, step_size=0.01):
        self.energy, self.steps, self.step_size = energy, steps, step_size
        self.key = rngs.langevin()

    def run(self, x0):
        grad_e = jax.grad(lambda x: self.energy(x).sum())
        trace = jnp.zeros((self.steps,) + x0.shape)

        def step(i, state):
            x, trace = state
            noise = jax.random.normal(jax.random.fold_in(self.key, i), x.shape)
            x = x - self.step_size * grad_e(x) + jnp.sqrt(2.0 * self.step_size) * noise
            return x, trace.at[i].set(noise)

        return jax.lax.fori_loop(0, self.steps, step, (x0, trace))


def main():
    rngs = nnx.Rngs(params=0, langevin=1)
    energy = EnergyNet(2, 32, rngs=rngs)
    sampler = LangevinSampler(energy, rngs)
    x0 = jax.random.normal(jax.random.key(2), (6, 2))
    x, noise = sampler.run(x0)
    print("mean energy", energy(x).mean())
    return noise
