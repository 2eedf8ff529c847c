# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 4 Equinox-style functional update: nnx.update on the closed-over model inside a raw fori_loop body
"""Port from Equinox (`model = eqx.apply_updates(model, updates)` in a fori_loop): the body
computes grads on the closed-over NNX model and applies them in place with nnx.update."""
import jax
import jax.numpy as jnp
from flax import nnx


class Quadratic(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (4,)))

    def __call__(self, x):
        return jnp.sum((x @ self.w.value - 1.0) ** 2)


def main():
    model = Quadratic(nnx.Rngs(0))
    x = jnp.ones((3, 4))

    def body(i, loss):
        loss, grads = nnx.value_and_grad(lambda m: m(x))(model)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - 0.05 * g, params, grads))
        return loss

    loss = jax.lax.fori_loop(0, 10, body, 0.0)
    print(loss)
    return None
