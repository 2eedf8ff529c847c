# label: ok
# flax-error: none
# class: 5 make_sample_step(flow, seed) returns the scan body; it builds nnx.Rngs from the seed folded with the step index and samples through the closed-over flow
"""Normalising flow with NNX: sampling from an affine-coupling flow, the draws collected with a
raw jax.lax.scan over a step function produced by a factory that builds an nnx.Rngs per step.

Twin of h114_nnx_flow_rngs_rebuilt.py: the per-step Rngs is seeded with
jax.random.fold_in(seed, t)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

DIM = 4
N_SAMPLES = 5


class Coupling(nnx.Module):
    def __init__(self, mask, rngs: nnx.Rngs):
        self.mask = nnx.Variable(mask)
        self.net = nnx.Linear(DIM, 2 * DIM, rngs=rngs)

    def inverse(self, y):
        m = self.mask[...]
        shift, log_scale = jnp.split(self.net(y * m), 2, axis=-1)
        return y * m + (1 - m) * (y - shift) * jnp.exp(-jnp.tanh(log_scale))


class Flow(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        masks = [(jnp.arange(DIM) + k) % 2 for k in range(3)]
        self.layers = nnx.List([Coupling(m.astype(jnp.float32), rngs) for m in masks])

    def sample(self, rngs: nnx.Rngs):
        z = jax.random.normal(rngs.sample(), (DIM,))
        for layer in reversed(self.layers):
            z = layer.inverse(z)
        return z


def make_sample_step(flow, seed):
    def step(carry, t):
        rngs = nnx.Rngs(sample=jax.random.fold_in(seed, t))
        return carry, flow.sample(rngs)

    return step


def main():
    flow = Flow(nnx.Rngs(0))
    step = make_sample_step(flow, jax.random.key(1))
    _, samples = jax.lax.scan(step, None, jnp.arange(N_SAMPLES))
    print("sample mean", samples.mean(0))
    return samples  # one flow sample per step
