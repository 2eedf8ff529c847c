# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 5 nnx.grad called inside a raw fori_loop body on a model closed over from outside, then per-layer SGD in place
"""Hand-written SGD with a per-layer learning rate kept in a Python dict, looped with fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class TwoLayer(nnx.Module):
    def __init__(self, rngs):
        self.encoder = nnx.Linear(4, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.encoder(x)))


LR_BY_LAYER = {"encoder": 1e-3, "head": 1e-2}


def main():
    model = TwoLayer(nnx.Rngs(0))
    x = jax.random.normal(jax.random.PRNGKey(0), (16, 4))
    y = x[:, :1] * 2.0

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, carry):
        grads = nnx.grad(loss_fn)(model)
        for name, lr in LR_BY_LAYER.items():
            layer = getattr(model, name)
            g = getattr(grads, name)
            layer.kernel.value = layer.kernel.value - lr * g.kernel.value
            layer.bias.value = layer.bias.value - lr * g.bias.value
        return carry

    lax.fori_loop(0, 3, body, 0)
    model.head.kernel.value.block_until_ready()
    return None
