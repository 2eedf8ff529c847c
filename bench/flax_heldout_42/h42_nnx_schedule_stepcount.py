# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the FitLoop holds a schedule module whose StepCount (an nnx.Variable subclass) is incremented on every call; the while_loop body calls self.schedule() while the model state itself is carried
"""Train-until-converged loop with a stateful learning-rate schedule module.

`WarmupCosine` keeps its own step in a custom `nnx.Variable` subclass so it is saved with
checkpoints. `FitLoop.run` trains with a raw `jax.lax.while_loop` until the loss drops
below a tolerance or a step budget is spent; the model is threaded functionally through
the loop via split/merge.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class StepCount(nnx.Variable):
    pass


class WarmupCosine(nnx.Module):
    def __init__(self, peak_lr: float, warmup: int, total: int):
        self.peak_lr = peak_lr
        self.warmup = warmup
        self.total = total
        self.step = StepCount(jnp.array(0, jnp.int32))

    def __call__(self):
        t = self.step[...].astype(jnp.float32)
        self.step[...] += 1
        warm = self.peak_lr * t / self.warmup
        frac = jnp.clip((t - self.warmup) / (self.total - self.warmup), 0.0, 1.0)
        cos = 0.5 * self.peak_lr * (1 + jnp.cos(jnp.pi * frac))
        return jnp.where(t < self.warmup, warm, cos)


class LinearModel(nnx.Module):
    def __init__(self, din, rngs):
        self.lin = nnx.Linear(din, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class FitLoop:
    def __init__(self, model, schedule, tol=1e-3, max_steps=20):
        self.model = model
        self.schedule = schedule
        self.tol = tol
        self.max_steps = max_steps

    def run(self, x, y):
        graphdef, params = nnx.split(self.model)

        def cond(carry):
            i, loss, _ = carry
            return (i < self.max_steps) & (loss > self.tol)

        def body(carry):
            i, _, params = carry
            model = nnx.merge(graphdef, params)
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            lr = self.schedule()
            params = jax.tree.map(lambda p, g: p - lr * g, nnx.state(model), grads)
            return i + 1, loss, params

        i, loss, params = jax.lax.while_loop(cond, body, (0, jnp.inf, params))
        nnx.update(self.model, params)
        return loss


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (16, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    loop = FitLoop(LinearModel(3, nnx.Rngs(0)), WarmupCosine(0.1, warmup=3, total=20))
    loop.run(x, y).block_until_ready()
    return None
