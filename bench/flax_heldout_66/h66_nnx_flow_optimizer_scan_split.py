# label: ok
# flax-error: none
# class: 3 nnx.split((flow, optimizer)) before the raw scan; the body merges the carried state, steps, and returns nnx.state
"""Normalising-flow training in NNX with jax.lax.scan, written the way the docs describe for raw
JAX transforms: split model and optimizer together, carry the state, merge in the body."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class AffineCoupling(nnx.Module):
    def __init__(self, dim, rngs):
        self.half = dim // 2
        self.net = nnx.Linear(self.half, 2 * self.half, rngs=rngs)

    def __call__(self, x):
        x1, x2 = x[:, : self.half], x[:, self.half :]
        log_s, t = jnp.split(self.net(x1), 2, axis=-1)
        log_s = jnp.tanh(log_s)
        return jnp.concatenate([x1, x2 * jnp.exp(log_s) + t], -1), log_s.sum(-1)


def nll(flow, x):
    z, logdet = flow(x)
    return jnp.mean(0.5 * (z ** 2).sum(-1) - logdet)


def main():
    flow = AffineCoupling(4, nnx.Rngs(0))
    optimizer = nnx.Optimizer(flow, optax.adam(1e-3), wrt=nnx.Param)
    batches = jnp.sin(jnp.arange(6 * 8 * 4, dtype=jnp.float32)).reshape(6, 8, 4)
    graphdef, state = nnx.split((flow, optimizer))

    def train_step(state, x):
        flow, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(nll)(flow, x)
        optimizer.update(flow, grads)
        return nnx.state((flow, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, batches)
    nnx.update((flow, optimizer), state)
    losses.block_until_ready()
    return None
