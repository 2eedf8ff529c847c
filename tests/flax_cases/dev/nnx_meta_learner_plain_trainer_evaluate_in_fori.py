# label: ok
# flax-error: none
# class: 3 a meta-learner's fori_loop body calls `self.trainer.evaluate`, a plain Trainer's method that only reads the model it holds
import jax
import jax.numpy as jnp
from flax import nnx

class Trainer:
    def __init__(self, model):
        self.model = model
        self.steps = 0

    def evaluate(self, x):
        return jnp.mean(self.model(x))

class MetaLearner:
    def __init__(self):
        self.trainer = Trainer(nnx.Linear(1, 1, rngs=nnx.Rngs(0)))

    def scores(self, xs):
        def inner(i, acc):
            return acc + self.trainer.evaluate(xs[i])
        return jax.lax.fori_loop(0, 3, inner, 0.0)


def main():
    MetaLearner().scores(jnp.ones((3, 8, 1)))
