# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the variables reach a jax.checkpoint-wrapped scan body through a DI Container that resolves an ApplyService
"""Components wired by a small dependency-injection container: a Config, the model factory and an
ApplyService that wraps model.apply. The sequence trainer rematerialises its scan body with
jax.checkpoint to save memory over long unrolls."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class Config:
    features: int = 16
    steps: int = 6
    dropout: float = 0.0


class Container:
    def __init__(self):
        self._providers, self._singletons = {}, {}

    def register(self, name, provider):
        self._providers[name] = provider

    def resolve(self, name):
        if name not in self._singletons:
            self._singletons[name] = self._providers[name](self)
        return self._singletons[name]


class GatedCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, h, x):
        z = nn.Dense(self.features)(jnp.concatenate([h, x], -1))
        z = nn.LayerNorm()(z)
        z = nn.BatchNorm(use_running_average=False, axis_name=None)(z)
        return jnp.tanh(z)


class ApplyService:
    def __init__(self, container):
        self.model = container.resolve("model")
        self.variables = container.resolve("variables")

    def __call__(self, h, x):
        return self.model.apply(self.variables, h, x)


class SequenceRunner:
    def __init__(self, container):
        self.apply = container.resolve("apply_service")
        self.cfg = container.resolve("config")

    def run(self, xs):
        @jax.checkpoint
        def body(h, x):
            h = self.apply(h, x)
            return h, h.mean()

        h0 = jnp.zeros((xs.shape[1], self.cfg.features))
        return scan(body, h0, xs)


def build_container():
    c = Container()
    c.register("config", lambda c: Config())
    c.register("model", lambda c: GatedCell(c.resolve("config").features))
    c.register("variables", lambda c: c.resolve("model").init(
        jax.random.key(0), jnp.zeros((2, c.resolve("config").features)), jnp.zeros((2, 3))))
    c.register("apply_service", ApplyService)
    c.register("runner", SequenceRunner)
    return c


def main():
    container = build_container()
    xs = jax.random.normal(jax.random.key(3), (6, 2, 3))
    container.resolve("runner").run(xs)
    return None
