# label: ok
# flax-error: none
# class: 3 the PRNG key is the plain attribute `flow.key` of the flow object; flow.dequantize folds the batch index into it in the scan body
"""Bits-per-dim of a small affine flow on 8-bit data with uniform dequantisation noise, averaged
over a stack of batches with a raw scan. Returns the dequantisation noise of every batch."""
import jax
import jax.numpy as jnp
from flax import nnx


class AffineFlow(nnx.Module):
    def __init__(self, dim, key, rngs: nnx.Rngs):
        self.key = key
        self.net = nnx.Linear(dim // 2, dim, rngs=rngs)

    def dequantize(self, x_int, step):
        u = jax.random.uniform(jax.random.fold_in(self.key, step), x_int.shape)
        return (x_int + u) / 256.0, u

    def log_prob(self, x):
        x1, x2 = jnp.split(x, 2, axis=-1)
        log_s, t = jnp.split(self.net(x1), 2, axis=-1)
        log_s = jnp.tanh(log_s)
        z = jnp.concatenate([x1, x2 * jnp.exp(log_s) + t], -1)
        base = -0.5 * jnp.sum(z ** 2, -1) - 0.5 * z.shape[-1] * jnp.log(2 * jnp.pi)
        return base + log_s.sum(-1)


def bits_per_dim(flow, batches):
    def body(total, inputs):
        step, x_int = inputs
        x, u = flow.dequantize(x_int, step)
        lp = flow.log_prob(x) - x.shape[-1] * jnp.log(256.0)
        return total - lp.mean() / (x.shape[-1] * jnp.log(2.0)), u

    steps = jnp.arange(batches.shape[0])
    total, noise = jax.lax.scan(body, 0.0, (steps, batches))
    return total / batches.shape[0], noise


def main():
    flow = AffineFlow(6, jax.random.key(3), nnx.Rngs(0))
    batches = jax.random.randint(jax.random.key(1), (5, 8, 6), 0, 256).astype(jnp.float32)
    bpd, noise = bits_per_dim(flow, batches)
    print("bpd", float(bpd))
    return noise
