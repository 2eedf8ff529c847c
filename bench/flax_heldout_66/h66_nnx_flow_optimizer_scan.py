# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 1 the model and nnx.Optimizer are closed over by the raw scan body, which calls nnx.grad and optimizer.update
"""Normalising-flow training in NNX: the Python training loop of the tutorial was wrapped in
jax.lax.scan to cut dispatch overhead, keeping nnx.grad and optimizer.update as they were."""
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

    def train_step(carry, x):
        loss, grads = nnx.value_and_grad(nll)(flow, x)
        optimizer.update(flow, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, batches)
    losses.block_until_ready()
    return None
