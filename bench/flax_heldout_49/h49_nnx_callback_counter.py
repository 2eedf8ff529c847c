# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCounter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a StepCounter callback increments a custom nnx.Variable subclass on the model from inside a while_loop body run by the Fitter until convergence
"""Fitting loop with callbacks: train until the loss drops below a tolerance, counting the
steps on the model itself so they are saved with the checkpoint."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class StepCount(nnx.Variable):
    pass


class StepCounter(StepCount):
    pass


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)
        self.steps = StepCounter(jnp.array(0, jnp.int32))

    def __call__(self, x):
        return self.linear(x)


class Callback:
    def on_step_end(self, model, loss):
        pass


class CountSteps(Callback):
    def on_step_end(self, model, loss):
        model.steps.value += 1


class Fitter:
    def __init__(self, model, callbacks, lr=0.1, tol=1e-3, max_steps=50):
        self.model, self.callbacks = model, callbacks
        self.lr, self.tol, self.max_steps = lr, tol, max_steps

    def fit(self, x, y):
        graphdef, params = nnx.split(self.model, nnx.Param, ...)[0:2]

        def loss_fn(p):
            m = nnx.merge(graphdef, p, nnx.state(self.model, StepCount))
            return jnp.mean((m(x) - y) ** 2)

        def cond(carry):
            i, p, loss = carry
            return (i < self.max_steps) & (loss > self.tol)

        def body(carry):
            i, p, _ = carry
            loss, g = jax.value_and_grad(loss_fn)(p)
            for cb in self.callbacks:
                cb.on_step_end(self.model, loss)
            return i + 1, jax.tree.map(lambda a, b: a - self.lr * b, p, g), loss

        _, params, loss = jax.lax.while_loop(cond, body, (0, params, jnp.inf))
        nnx.update(self.model, params)
        return loss


def main():
    x = jax.random.normal(jax.random.key(0), (16, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    Fitter(Regressor(nnx.Rngs(0)), [CountSteps()]).fit(x, y)
    return None
