# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 5 meta-learning inner loop in a raw scan: nnx.value_and_grad on self.inner and self.optimizer.update
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class MetaLearner(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.inner = nnx.Linear(din, 1, rngs=rngs)
        self.optimizer = nnx.Optimizer(self.inner, optax.sgd(0.05), wrt=nnx.Param)

    def adapt(self, support_x, support_y):
        def inner_step(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(self.inner, x, y)
            self.optimizer.update(self.inner, grads)
            return total + loss, loss

        return jax.lax.scan(inner_step, 0.0, (support_x, support_y))


def main():
    learner = MetaLearner(3, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 3))
    learner.adapt(xs, xs.sum(-1, keepdims=True))
