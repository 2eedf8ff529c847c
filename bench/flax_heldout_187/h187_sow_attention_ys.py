# label: ok
# flax-error: none
# class: 1 the looped-attention module's own __call__ scans; the attention maps leave the body as scan outputs and are sown once after the loop
"""A weight-tied ("universal") attention block applied several times with lax.scan.
The attention maps of every iteration are sown so they can be plotted afterwards."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LoopedAttention(nn.Module):
    dim: int = 16
    iters: int = 4

    @nn.compact
    def __call__(self, x):
        qkv = nn.Dense(3 * self.dim, name="qkv")
        out = nn.Dense(self.dim, name="out")
        norm = nn.LayerNorm(name="norm")
        out(qkv(norm(x))[..., : self.dim])          # create the parameters before the loop

        def block(h, _):
            q, k, v = jnp.split(qkv(norm(h)), 3, axis=-1)
            attn = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(self.dim), axis=-1)
            return h + out(attn @ v), attn

        h, attns = jax.lax.scan(block, x, None, length=self.iters)
        self.sow("intermediates", "attn", attns)
        return h


def main():
    model = LoopedAttention()
    x = jax.random.normal(jax.random.key(0), (2, 5, 16))
    params = model.init(jax.random.key(1), x)
    y, state = model.apply(params, x, mutable=["intermediates"])
    maps = state["intermediates"]["attn"]
    entropy = -jnp.sum(maps[0] * jnp.log(maps[0] + 1e-9), -1).mean()
    return None
