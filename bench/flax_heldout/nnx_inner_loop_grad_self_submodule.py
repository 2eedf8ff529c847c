# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 5 meta-learning inner loop: nnx.grad of self.learner (an outside module) inside the raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class MetaLearner(nnx.Module):
    def __init__(self, rngs):
        self.learner = nnx.Linear(2, 1, rngs=rngs)

    def adapt(self, xs, ys, lr=0.1):
        def inner(w_delta, batch):
            x, y = batch
            grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(self.learner)
            return w_delta - lr * grads["kernel"].value, None

        delta, _ = jax.lax.scan(inner, jnp.zeros((2, 1)), (xs, ys))
        return delta


def main():
    meta = MetaLearner(nnx.Rngs(0))
    xs = jnp.ones((3, 4, 2))
    meta.adapt(xs, xs[..., :1])
