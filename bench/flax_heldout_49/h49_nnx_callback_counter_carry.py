# label: ok
# flax-error: none
# class: 4 the step count travels in the while_loop carry and the StepCounter callback adds it to the custom nnx.Variable subclass on the model once after the loop
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
    def on_fit_end(self, model, num_steps):
        pass


class CountSteps(Callback):
    def on_fit_end(self, model, num_steps):
        model.steps.value += num_steps


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
            return i + 1, jax.tree.map(lambda a, b: a - self.lr * b, p, g), loss

        steps, params, loss = jax.lax.while_loop(cond, body, (0, params, jnp.inf))
        nnx.update(self.model, params)
        for cb in self.callbacks:
            cb.on_fit_end(self.model, steps)
        return loss


def main():
    x = jax.random.normal(jax.random.key(0), (16, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    Fitter(Regressor(nnx.Rngs(0)), [CountSteps()]).fit(x, y)
    return None
