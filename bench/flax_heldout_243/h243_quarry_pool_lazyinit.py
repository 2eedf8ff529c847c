# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the while_loop body looks the bench model up in a WeakValueDictionary pool and calls predict(), which initialises the model's variables on first use
from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import flax.linen as nn
import jax
from jax import lax
from jax import numpy as jnp


class FragmentSizer(nn.Module):
    """Median fragment size (cm) from powder factor, hole diameter and rock hardness."""

    hidden: int = 6

    @nn.compact
    def __call__(self, features):
        h = nn.tanh(nn.Dense(self.hidden)(features))
        return nn.softplus(nn.Dense(1)(h))[..., 0] * 30.0


class BenchModel:
    def __init__(self, bench_id: str, seed: int):
        self.bench_id = bench_id
        self.module = FragmentSizer()
        self._seed = seed
        self._variables = None

    def predict(self, features):
        if self._variables is None:
            self._variables = self.module.init(jax.random.key(self._seed), features)
        return self.module.apply(self._variables, features)


class ModelPool:
    def __init__(self):
        self._live = weakref.WeakValueDictionary()
        self._owned: list[BenchModel] = []

    def register(self, model: BenchModel) -> None:
        self._owned.append(model)
        self._live[model.bench_id] = model

    def get(self, bench_id: str) -> BenchModel:
        return self._live[bench_id]


@dataclass
class DesignRequest:
    bench_id: str
    features: jax.Array
    target_cm: float = 18.0
    max_rounds: int = 5
    growth: float = 1.12


@dataclass
class Handle:
    value: object = field(default=None)

    def result(self):
        return self.value


class DesignExecutor:
    def submit(self, fn, *args) -> Handle:
        return Handle(fn(*args))


def design_rounds(pool: ModelPool, request: DesignRequest):
    def cond(state):
        rounds, _, size = state
        return (rounds < request.max_rounds) & (size > request.target_cm)

    def body(state):
        rounds, factor, _ = state
        size = jnp.mean(pool.get(request.bench_id).predict(request.features * factor))
        return rounds + 1, factor * request.growth, size

    start = (jnp.int32(0), jnp.float32(1.0), jnp.float32(jnp.inf))
    return lax.while_loop(cond, body, start)


def main():
    pool = ModelPool()
    pool.register(BenchModel("bench-7", seed=7))
    features = jnp.array([[0.45, 0.089, 0.7], [0.52, 0.102, 0.65]], dtype=jnp.float32)
    request = DesignRequest("bench-7", features)
    executor = DesignExecutor()
    rounds, factor, size = executor.submit(design_rounds, pool, request).result()
    final = executor.submit(pool.get("bench-7").predict, features * factor).result()
    jax.block_until_ready((rounds, final))
    return None
