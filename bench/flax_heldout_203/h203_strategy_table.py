# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the strategy chosen from the trainer's STRATEGIES table calls trainer.runner.score(...), whose model.apply writes the 'counters' variable inside the while_loop body
"""A fitting service whose inner steps are chosen by name from a table of strategies; each
strategy evaluates a scorer that keeps a per-call usage counter in its 'counters' collection."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Scorer(nn.Module):
    @nn.compact
    def __call__(self, x):
        calls = self.variable("counters", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value = calls.value + 1
        return jnp.mean(nn.Dense(1)(x))


def momentum_step(runner, state):
    params, velocity, i = state
    grad = jax.grad(lambda p: runner.score(p))(params)
    velocity = 0.9 * velocity - 0.05 * grad
    return params + velocity, velocity, i + 1


def plain_step(runner, state):
    params, velocity, i = state
    grad = jax.grad(lambda p: runner.score(p))(params)
    return params - 0.05 * grad, velocity, i + 1


STRATEGIES = {"momentum": momentum_step, "plain": plain_step}


class ScoreRunner:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def score(self, x):
        return self.model.apply(self.variables, x)


class StrategyTrainer:
    def __init__(self, runner, strategy, max_steps):
        self.runner = runner
        self.step = STRATEGIES[strategy]
        self.max_steps = max_steps

    def fit(self, start):
        cond = lambda state: state[2] < self.max_steps
        body = lambda state: self.step(self.runner, state)
        state = (start, jnp.zeros_like(start), jnp.array(0))
        return lax.while_loop(cond, body, state)[0]


def main():
    start = jax.random.normal(jax.random.key(4), (6, 3))
    model = Scorer()
    variables = model.init(jax.random.key(0), start)
    trainer = StrategyTrainer(ScoreRunner(model, variables), "momentum", max_steps=5)
    fitted = trainer.fit(start)
    print("fitted", fitted.shape)
    return None
