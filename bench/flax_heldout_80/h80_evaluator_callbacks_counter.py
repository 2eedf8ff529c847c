# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a bound model reached through Evaluator.context.model by a callback, called in a fori_loop body with an immutable 'counters' collection
"""Evaluator with a callback system: callbacks see the bound model at each evaluation step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ScoringHead(nn.Module):
    classes: int = 4

    @nn.compact
    def __call__(self, x):
        calls = self.variable("counters", "calls", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            calls.value += 1
        return nn.Dense(self.classes)(x)


class Callback:
    def on_step(self, ctx, step, batch):
        return 0.0


class AccuracyCallback(Callback):
    def on_step(self, ctx, step, batch):
        x, y = batch
        logits = ctx.model(x)
        return jnp.mean(jnp.argmax(logits, -1) == y)


class EvalContext:
    def __init__(self, model, variables):
        self.model = model.bind(variables)


class Evaluator:
    def __init__(self, model, variables, callbacks):
        self.context = EvalContext(model, variables)
        self.callbacks = callbacks

    def evaluate(self, xs, ys):
        def body(step, total):
            batch = (xs[step], ys[step])
            for cb in self.callbacks:
                total = total + cb.on_step(self.context, step, batch)
            return total

        return lax.fori_loop(0, xs.shape[0], body, jnp.float32(0.0)) / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(0), (3, 5, 6))
    ys = jnp.zeros((3, 5), jnp.int32)
    model = ScoringHead()
    variables = model.init(jax.random.key(1), xs[0])
    evaluator = Evaluator(model, variables, [AccuracyCallback()])
    evaluator.evaluate(xs, ys)
    return None
