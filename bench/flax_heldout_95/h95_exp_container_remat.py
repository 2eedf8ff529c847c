# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a container-wired trainer's step factory (jax.checkpoint around the body) reads and writes trainer.batch_stats on the object from inside a raw lax.scan
"""Experiment runner: a tiny dependency container wires a trainer, a logger and a
checkpointer; the trainer builds a checkpointed step function and scans it over an epoch."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.features)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.relu(h)


class Regressor(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.remat(Block, static_argnums=(2,))(self.features)(x, train)
        return nn.Dense(1)(x)[..., 0]


@dataclasses.dataclass
class RunConfig:
    lr: float = 0.05
    steps: int = 4


class Container:
    def __init__(self):
        self._providers, self._instances = {}, {}

    def register(self, name, provider):
        self._providers[name] = provider

    def get(self, name):
        if name not in self._instances:
            self._instances[name] = self._providers[name](self)
        return self._instances[name]


class Logger:
    def __init__(self):
        self.history = []

    def log(self, **metrics):
        self.history.append({k: float(v) for k, v in metrics.items()})


class Checkpointer:
    def __init__(self):
        self.saved = None

    def save(self, params, batch_stats):
        self.saved = jax.tree.map(jnp.copy, {'params': params, 'batch_stats': batch_stats})


class Trainer:
    def __init__(self, model, config, logger, checkpointer):
        self.model, self.config = model, config
        self.logger, self.checkpointer = logger, checkpointer
        self.params = self.batch_stats = None

    def setup(self, x):
        variables = self.model.init(jax.random.key(0), x)
        self.params, self.batch_stats = variables['params'], variables['batch_stats']

    def make_step(self):
        model, lr = self.model, self.config.lr

        @jax.checkpoint
        def step(params, batch):
            x, y = batch

            def loss_fn(p):
                pred, updates = model.apply({'params': p, 'batch_stats': self.batch_stats}, x,
                                            mutable=['batch_stats'])
                return jnp.mean((pred - y) ** 2), updates

            (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
            self.batch_stats = updates['batch_stats']
            params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
            return params, loss

        return step

    def fit(self, xs, ys):
        self.params, losses = jax.lax.scan(self.make_step(), self.params, (xs, ys))
        self.logger.log(loss=losses.mean())
        self.checkpointer.save(self.params, self.batch_stats)


def build_container(config):
    c = Container()
    c.register('logger', lambda c: Logger())
    c.register('checkpointer', lambda c: Checkpointer())
    c.register('trainer', lambda c: Trainer(Regressor(), config, c.get('logger'), c.get('checkpointer')))
    return c


def main():
    config = RunConfig()
    container = build_container(config)
    xs = jax.random.normal(jax.random.key(1), (config.steps, 8, 6))
    ys = xs.sum(-1)
    trainer = container.get('trainer')
    trainer.setup(xs[0])
    trainer.fit(xs, ys)
    return None
