# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a step function returned by a factory from the @strategy registry increments the model's StepCount variable inside the fori_loop body
"""A trainer whose update rule is picked by name from a registry of strategies; every strategy
factory returns a step function that the trainer runs for a fixed number of steps."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop

STRATEGIES = {}


def strategy(name):
    def register(factory):
        STRATEGIES[name] = factory
        return factory

    return register


class StepCount(nnx.Variable):
    pass


class ChurnModel(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.score = nnx.Linear(features, 1, rngs=rngs)
        self.steps = StepCount(jnp.array(0, jnp.int32))

    def __call__(self, x):
        return nnx.sigmoid(self.score(x)).squeeze(-1)


def bce(model, x, y):
    p = jnp.clip(model(x), 1e-6, 1 - 1e-6)
    return -jnp.mean(y * jnp.log(p) + (1 - y) * jnp.log(1 - p))


@strategy("sgd")
def make_sgd(model, batches, lr=0.1):
    graphdef, params, counters = nnx.split(model, nnx.Param, StepCount)

    def step(i, params):
        x, y = batches[0][i], batches[1][i]
        grads = jax.grad(lambda p: bce(nnx.merge(graphdef, p, counters), x, y))(params)
        model.steps[...] += 1
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)

    return step, params


@strategy("sign")
def make_sign(model, batches, lr=0.01):
    graphdef, params, counters = nnx.split(model, nnx.Param, StepCount)

    def step(i, params):
        x, y = batches[0][i], batches[1][i]
        grads = jax.grad(lambda p: bce(nnx.merge(graphdef, p, counters), x, y))(params)
        model.steps[...] += 1
        return jax.tree.map(lambda p, g: p - lr * jnp.sign(g), params, grads)

    return step, params


class Trainer:
    def __init__(self, model, strategy_name):
        self.model = model
        self.factory = STRATEGIES[strategy_name]

    def fit(self, batches):
        step, params = self.factory(self.model, batches)
        params = fori_loop(0, batches[0].shape[0], step, params)
        nnx.update(self.model, params)


def main():
    x = jax.random.normal(jax.random.key(3), (5, 16, 4))
    y = (x.sum(-1) > 0).astype(jnp.float32)
    trainer = Trainer(ChurnModel(4, nnx.Rngs(0)), "sgd")
    trainer.fit((x, y))
    print("steps", int(trainer.model.steps[...]))
    return None
