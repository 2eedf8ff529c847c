# label: ok
# flax-error: none
# class: 3 a module-level Langevin sampler receives the NNX energy model and its Rngs, draws one key before jax.lax.scan and splits it into per-step xs
"""Short-run Langevin sampling from an NNX energy-based model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EnergyModel(nnx.Module):
    def __init__(self, din, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.swish(self.l2(nnx.swish(self.l1(x))))
        return self.out(h).squeeze(-1)


def langevin(model, x0, rngs, n_steps=8, step_size=0.01):
    grad_e = jax.grad(lambda x: model(x).sum())
    key = rngs.langevin()

    def step(x, k):
        noise = jax.random.normal(k, x.shape)
        x = x - step_size * grad_e(x) + jnp.sqrt(2.0 * step_size) * noise
        return x, noise

    return jax.lax.scan(step, x0, jax.random.split(key, n_steps))


def main():
    rngs = nnx.Rngs(params=0, langevin=1)
    model = EnergyModel(2, 16, rngs=rngs)
    _, noises = langevin(model, jnp.zeros((4, 2)), rngs)
    return noises
