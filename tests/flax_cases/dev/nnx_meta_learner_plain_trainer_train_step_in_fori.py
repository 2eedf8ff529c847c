# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 3 a meta-learner's fori_loop body calls `self.trainer.train_step`, a plain Trainer's method that runs nnx.value_and_grad and optimizer.update on the model and optimizer it holds
import jax
import jax.numpy as jnp
import optax
from flax import nnx

def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)

class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.opt = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)

    def train_step(self, x, y):
        loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
        self.opt.update(self.model, grads)
        return loss

class MetaLearner:
    def __init__(self):
        self.trainer = Trainer(nnx.Linear(1, 1, rngs=nnx.Rngs(0)), 0.05)

    def adapt(self, x, y):
        def inner(i, losses):
            return losses.at[i].set(self.trainer.train_step(x, y))
        return jax.lax.fori_loop(0, 3, inner, jnp.zeros(3))


def main():
    x = jnp.ones((8, 1))
    y = 2.0 * x
    MetaLearner().adapt(x, y)
