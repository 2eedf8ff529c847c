# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a container-wired checkpointer callback saves nnx.state of the merged model from inside the trainer's raw lax.scan; restore() nnx.update()s it into the live model
"""Experiment runner: a small dependency container wires an NNX trainer, a logger and a
checkpointer; the checkpointer is a training callback that keeps the best state seen."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, din, *, rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


@dataclasses.dataclass
class ExperimentConfig:
    lr: float = 3e-3
    steps: int = 6
    din: int = 5


class Logger:
    def __init__(self):
        self.records = []

    def on_step_end(self, step, model, loss):
        pass

    def on_fit_end(self, losses):
        self.records.append(float(losses[-1]))


class Checkpointer:
    def __init__(self):
        self._saved = None

    def on_step_end(self, step, model, loss):
        self._saved = nnx.state(model, nnx.Param)

    def on_fit_end(self, losses):
        pass

    def restore(self, model):
        nnx.update(model, self._saved)


class Trainer:
    def __init__(self, model, optimizer, callbacks):
        self.model, self.optimizer, self.callbacks = model, optimizer, callbacks

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))
        callbacks = self.callbacks

        def step(carry, batch):
            state, i = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for cb in callbacks:
                cb.on_step_end(i, model, loss)
            return (nnx.state((model, optimizer)), i + 1), loss

        (state, _), losses = lax.scan(step, (state, 0), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        for cb in callbacks:
            cb.on_fit_end(losses)


class Container:
    def __init__(self, config):
        self.config = config
        self._singletons = {}

    def resolve(self, name):
        if name not in self._singletons:
            self._singletons[name] = getattr(self, f'_make_{name}')()
        return self._singletons[name]

    def _make_model(self):
        return MLP(self.config.din, rngs=nnx.Rngs(0))

    def _make_logger(self):
        return Logger()

    def _make_checkpointer(self):
        return Checkpointer()

    def _make_trainer(self):
        model = self.resolve('model')
        optimizer = nnx.Optimizer(model, optax.adam(self.config.lr), wrt=nnx.Param)
        return Trainer(model, optimizer, [self.resolve('logger'), self.resolve('checkpointer')])


def main():
    config = ExperimentConfig()
    container = Container(config)
    xs = jax.random.normal(jax.random.key(4), (config.steps, 16, config.din))
    ys = xs.mean(-1)
    container.resolve('trainer').fit(xs, ys)
    model = container.resolve('model')
    container.resolve('checkpointer').restore(model)
    jax.block_until_ready(model(xs[0]))
    return None
