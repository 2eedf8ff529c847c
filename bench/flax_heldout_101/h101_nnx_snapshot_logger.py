# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the while_loop body appends nnx.state(model) to experiment.logger.snapshots (two objects deep); a snapshot is nnx.update'd into the model after the loop
"""Train until the loss is small with lax.while_loop, keeping model snapshots on a logger."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Model(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(4, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))


class Logger:
    def __init__(self):
        self.snapshots = []


class Experiment:
    def __init__(self):
        self.model = Model(nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.sgd(0.05), wrt=nnx.Param)
        self.logger = Logger()


def run(experiment, x, y, max_steps=50, tol=1e-3):
    graphdef, state = nnx.split((experiment.model, experiment.optimizer))

    def cond(carry):
        i, loss, _ = carry
        return (i < max_steps) & (loss > tol)

    def body(carry):
        i, _, state = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        experiment.logger.snapshots.append(nnx.state(model))
        return i + 1, loss, nnx.state((model, optimizer))

    _, loss, state = lax.while_loop(cond, body, (0, jnp.inf, state))
    nnx.update((experiment.model, experiment.optimizer), state)
    return loss


def main():
    exp = Experiment()
    x = jnp.linspace(-1, 1, 16 * 4).reshape(16, 4)
    y = x.sum(-1, keepdims=True)
    run(exp, x, y)
    best = exp.logger.snapshots[-1]
    nnx.update(exp.model, best)
    print(exp.model(x[:2]))
    return None
