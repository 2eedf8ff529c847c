# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,5,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the looped-attention module's own __call__ scans and its body calls self.sow on the 'intermediates' collection
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
            self.sow("intermediates", "attn", attn)
            return h + out(attn @ v), None

        h, _ = jax.lax.scan(block, x, None, length=self.iters)
        return h


def main():
    model = LoopedAttention()
    x = jax.random.normal(jax.random.key(0), (2, 5, 16))
    params = model.init(jax.random.key(1), x)
    y, state = model.apply(params, x, mutable=["intermediates"])
    maps = state["intermediates"]["attn"]
    entropy = -jnp.sum(maps[0] * jnp.log(maps[0] + 1e-9), -1).mean()
    return None
